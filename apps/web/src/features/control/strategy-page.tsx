import { SetPage } from './set-page';

export default function StrategySetPage() {
  return <SetPage kind="strategy" />;
}
