import { SetPage } from './set-page';

export default function AreaSetPage() {
  return <SetPage kind="area" />;
}
