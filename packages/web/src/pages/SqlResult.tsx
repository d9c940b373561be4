import { ResultPage } from '../report/ResultPage.tsx';

export default function SqlResult() {
  return <ResultPage />;
}
