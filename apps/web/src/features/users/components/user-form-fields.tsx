import { Col, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { userCreate } from '@sl/contracts';
import { DictSelect } from '../../../shared/dict';
import { useAppConfig } from '../../../shared/config/app-config';
import { zodRule } from '../../../shared/form/zod-rule';
import { toDeptNodes, useDeptTree } from '../../../shared/org/dept-tree';
import { statusFallback } from '../../../shared/org/status-options';
import { useRoleOptions } from '../api/role-options';
import { passwordRules } from './password-rules';
import { roleLabel } from '../../../shared/role/role-label';

const f = userCreate.shape;
const half = { xs: 24, sm: 12 };

export function UserFormFields({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation();
  const depts = useDeptTree().data ?? [];
  const roles = useRoleOptions().data ?? [];
  const form = Form.useFormInstance();
  const policy = useAppConfig().data?.passwordPolicy;
  const sexes = [
    { value: '0', label: t('user.sexUnknown') },
    { value: '1', label: t('user.sexMale') },
    { value: '2', label: t('user.sexFemale') },
  ];
  return (
    <Row gutter={16}>
      {isNew && (
        <Col {...half}>
          <Form.Item name="username" label={t('user.username')} rules={[zodRule(f.username, t('user.username'))]} required>
            <Input data-testid="field-username" autoComplete="off" />
          </Form.Item>
        </Col>
      )}
      <Col {...half}>
        <Form.Item name="nickName" label={t('user.nickName')} rules={[zodRule(f.nickName, t('user.nickName'))]} required>
          <Input data-testid="field-nickName" />
        </Form.Item>
      </Col>
      {isNew && (
        <Col {...half}>
          <Form.Item
            name="password"
            label={t('user.password')}
            rules={passwordRules(t, t('user.password'), policy, () => String(form.getFieldValue('username') ?? '').trim())}
            dependencies={['username']}
            required
          >
            <Input.Password data-testid="field-password" autoComplete="new-password" />
          </Form.Item>
        </Col>
      )}
      <Col {...half}>
        <Form.Item name="deptId" label={t('user.dept')} rules={[zodRule(f.deptId, t('user.dept'))]} required>
          <TreeSelect data-testid="field-deptId" treeData={toDeptNodes(depts)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="phone" label={t('user.phone')} rules={[zodRule(f.phone, t('user.phone'))]}>
          <Input data-testid="field-phone" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="email" label={t('user.email')} rules={[zodRule(f.email, t('user.email'))]}>
          <Input data-testid="field-email" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="sex" label={t('user.sex')}>
          <DictSelect type="sys_user_sex" fallback={sexes} allowClear={false} data-testid="field-sex" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="status" label={t('common.status')}>
          <Radio.Group options={statusFallback()} data-testid="field-status" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="roleIds" label={t('user.roles')} rules={[zodRule(f.roleIds, t('user.roles'))]} required>
          <Select mode="multiple" data-testid="field-roleIds" optionFilterProp="label" options={roles.map((r) => ({ value: r.roleId, label: roleLabel(r.roleName), disabled: r.status === '1' }))} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="remark" label={t('common.remark')} rules={[zodRule(f.remark, t('common.remark'))]}>
          <Input.TextArea rows={2} data-testid="field-remark" />
        </Form.Item>
      </Col>
    </Row>
  );
}
