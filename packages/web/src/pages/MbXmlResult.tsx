import { ResultPage } from '../report/ResultPage.tsx';

/** The phone version of the mapper result: the same report, one column. */
export default function MbXmlResult() {
  return <ResultPage type="mybatis" stacked />;
}
