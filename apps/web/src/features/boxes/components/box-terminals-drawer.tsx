import { Button, Drawer, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TerminalBox } from '@sl/contracts';
import { usePermission } from '../../../shared/permission/access';
import { feedback } from '../../../shared/request';
import { mountedQuery, unmountedQuery, useMount, useUnmount } from '../api/boxes';
import { BoxTerminalTable } from './box-terminal-table';

/** The box's mounted terminals (unmount) and the terminals in no box (mount here). */
export function BoxTerminalsDrawer({ box, onClose }: { box: TerminalBox | null; onClose: () => void }) {
  const { t } = useTranslation();
  const canMount = usePermission()(['terminal:box:mount']);
  const mount = useMount();
  const unmount = useUnmount();
  if (!box) return <Drawer open={false} />;
  const confirmUnmount = (sns: string[], ids: number[], clear: () => void) =>
    feedback.confirm({
      title: t('box.unmountTitle'),
      content: t('box.unmountConfirm', { sns: sns.join(t('common.listSeparator')), box: box.name }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      okText: t('box.unmount'),
      cancelText: t('common.cancel'),
      onOk: () => unmount.mutateAsync(ids).then(() => { clear(); feedback.message().success(t('box.unmounted', { count: ids.length })); }).catch(() => undefined),
    });
  return (
    <Drawer open title={t('box.terminalsOf', { name: box.name })} onClose={onClose} size={880} destroyOnHidden data-testid="box-terminals">
      <Tabs
        items={[
          {
            key: 'mounted',
            label: t('box.mounted'),
            children: (
              <BoxTerminalTable testId="box-mounted" query={mountedQuery(box.boxId)}
                action={canMount ? (selected, clear) => (
                  <Button danger disabled={!selected.length} data-testid="btn-unmount" onClick={() => confirmUnmount(selected.map((s) => s.sn), selected.map((s) => s.terminalId), clear)}>
                    {t('box.unmount')}
                  </Button>
                ) : undefined} />
            ),
          },
          {
            key: 'unmounted',
            label: t('box.unmountedList'),
            children: (
              <BoxTerminalTable testId="box-unmounted" query={unmountedQuery}
                action={canMount ? (selected, clear) => (
                  <Button type="primary" disabled={!selected.length} loading={mount.isPending} data-testid="btn-mount"
                    onClick={() => mount.mutate({ boxId: box.boxId, terminalIds: selected.map((s) => s.terminalId) }, { onSuccess: () => { clear(); feedback.message().success(t('box.mountedDone', { count: selected.length, box: box.name })); } })}>
                    {t('box.mountHere')}
                  </Button>
                ) : undefined} />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
