import { ResultPage } from '../report/ResultPage.tsx';

/** The phone version of the SQL result: the same report, one column. */
export default function MbSqlResult() {
  return <ResultPage stacked />;
}
