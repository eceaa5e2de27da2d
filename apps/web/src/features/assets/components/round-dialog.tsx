import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../shared/request';
import { roundAssignees, useCreateRound } from '../api/assets-api';

interface Values {
  assigneeId: number;
  radiusM: number;
  instruction: string;
}

/** One click from the ranked list: the chosen lamps (and candidates near the first) become one routed maintenance round. */
export function RoundDialog({ assetIds, onClose }: { assetIds: number[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateRound();
  const [assignees, setAssignees] = useState<Array<{ value: number; label: string }>>([]);
  useEffect(() => {
    if (!assetIds?.length) return;
    void roundAssignees(assetIds).then((list) => setAssignees(list.map((u) => ({ value: u.userId, label: `${u.nickName} (${u.deptName})` }))));
  }, [assetIds]);
  const submit = (v: Values) =>
    create.mutate({ assetIds: assetIds ?? [], assigneeId: v.assigneeId, radiusM: v.radiusM ?? 0, instruction: v.instruction ?? '' }, {
      onSuccess: (order) => {
        feedback.message().success(t('asset.round.created', { id: order.orderId, n: order.lamps.length }));
        onClose();
      },
    });
  return (
    <Modal title={t('asset.round.title')} open={assetIds !== null} onCancel={onClose} onOk={() => form.submit()} okButtonProps={{ loading: create.isPending, ...{ 'data-testid': 'round-save' } }}
      destroyOnHidden data-testid="round-dialog">
      <Typography.Paragraph>{t('asset.round.lamps', { n: assetIds?.length ?? 0 })}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" initialValues={{ radiusM: 500, instruction: '' }} onFinish={submit} preserve={false}>
        <Form.Item name="assigneeId" label={t('asset.round.assignee')} rules={[{ required: true, message: t('validation.required', { label: t('asset.round.assignee') }) }]}>
          <Select options={assignees} data-testid="round-assignee" />
        </Form.Item>
        <Form.Item name="radiusM" label={t('asset.round.radius')}><InputNumber min={0} max={20000} style={{ width: '100%' }} data-testid="round-radius" /></Form.Item>
        <Form.Item name="instruction" label={t('asset.round.instruction')}><Input.TextArea rows={2} maxLength={500} data-testid="round-instruction" /></Form.Item>
      </Form>
    </Modal>
  );
}
