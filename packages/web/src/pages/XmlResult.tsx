import { ResultPage } from '../report/ResultPage.tsx';

export default function XmlResult() {
  return <ResultPage type="mybatis" />;
}
