import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { lampAssetInput, type LampAsset, type LampAssetInput } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { feedback } from '../../../shared/request';
import { typeOptionsQuery, useSaveLamp } from '../api/assets-api';
import { TerminalSelect } from './terminal-select';

const f = lampAssetInput.shape;
type Values = Omit<LampAssetInput, 'installDate' | 'warrantyEnd'> & { installDate?: Dayjs | null; warrantyEnd?: Dayjs | null };
const day = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null);

export function LampDialog({ open, row, onClose }: { open: boolean; row: LampAsset | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const types = useQuery(typeOptionsQuery());
  const save = useSaveLamp();
  const submit = (v: Values) =>
    save.mutate({ ...v, installDate: day(v.installDate), warrantyEnd: day(v.warrantyEnd), loop: v.loop ?? null, terminalId: v.terminalId ?? null, deptId: row?.deptId ?? null, assetId: row?.assetId }, {
      onSuccess: () => {
        feedback.message().success(t('asset.lamp.saved'));
        onClose();
      },
    });
  const initial: Partial<Values> = row
    ? { ...row, installDate: row.installDate ? dayjs(row.installDate) : null, warrantyEnd: row.warrantyEnd ? dayjs(row.warrantyEnd) : null }
    : { lampCount: 1 };
  return (
    <FormDialog form={form} title={t(row ? 'asset.lamp.edit' : 'asset.lamp.add')} open={open} saving={save.isPending} permission={row ? 'asset:lamp:edit' : 'asset:lamp:add'}
      initialValues={initial} onClose={onClose} onSubmit={submit} width={720}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="poleNo" label={t('asset.poleNo')} rules={[zodRule(f.poleNo, t('asset.poleNo'))]}><Input data-testid="field-poleNo" /></Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lampTypeId" label={t('asset.lampType')} rules={[zodRule(f.lampTypeId, t('asset.lampType'))]}>
            <Select showSearch optionFilterProp="label" options={(types.data ?? []).map((o) => ({ value: o.lampTypeId, label: o.name }))} data-testid="field-lampType" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="terminalId" label={t('asset.terminal')}><TerminalSelect initialSn={row?.terminalSn} /></Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="loop" label={t('asset.loop')} rules={[zodRule(f.loop, t('asset.loop'))]}><InputNumber style={{ width: '100%' }} data-testid="field-loop" /></Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="lampCount" label={t('asset.lampCount')} rules={[zodRule(f.lampCount, t('asset.lampCount'))]}><InputNumber style={{ width: '100%' }} data-testid="field-lampCount" /></Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="installDate" label={t('asset.installDate')}><DatePicker style={{ width: '100%' }} data-testid="field-installDate" /></Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="warrantyEnd" label={t('asset.warrantyEnd')} dependencies={['installDate']}
            rules={[({ getFieldValue }) => ({ validator: async (_r, v?: Dayjs | null) => { const from = getFieldValue('installDate') as Dayjs | null; if (v && from && v.isBefore(from, 'day')) throw new Error(t('asset.warrantyBeforeInstall')); } })]}>
            <DatePicker style={{ width: '100%' }} data-testid="field-warrantyEnd" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="supplier" label={t('asset.supplier')} rules={[zodRule(f.supplier, t('asset.supplier'))]}><Input data-testid="field-supplier" /></Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('common.remark')} rules={[zodRule(f.remark, t('common.remark'))]}><Input.TextArea rows={2} data-testid="field-remark" /></Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
