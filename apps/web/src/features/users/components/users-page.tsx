import { useState } from 'react';
import { App, Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SysUser } from '@sl/contracts';
import { PagedTable, confirmDelete, usePagedQuery } from '../../../shared/table';
import { usersQuery, type UserFilters } from '../api/get-users';
import { exportUsers } from '../api/user-files';
import { useDeleteUsers } from '../api/user-mutations';
import { DeptTreePanel } from './dept-tree-panel';
import { ImportDialog } from './import-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UserSearch } from './user-search';
import { UserToolbar } from './user-toolbar';
import { useUserColumns } from './use-user-columns';
import { usePasswordCheck } from '../../../shared/password-check';

export default function UsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const paged = usePagedQuery(usersQuery, {} as UserFilters);
  const [editing, setEditing] = useState<SysUser | 'new' | null>(null);
  const [resetting, setResetting] = useState<SysUser | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<SysUser[]>([]);
  const remove = useDeleteUsers();
  const askDelete = (users: SysUser[]) =>
    confirmDelete({
      names: users.map((u) => u.username),
      onOk: () => remove.mutateAsync(users.map((u) => u.userId)).then(() => (message.success(t('user.deleted')), setSelected([]))),
    });
  // Setting another user's password is sensitive: the administrator confirms their own password first.
  const [checkPassword, passwordDialog] = usePasswordCheck();
  const resetPassword = async (user: SysUser) => {
    if (await checkPassword()) setResetting(user);
  };
  const columns = useUserColumns({ onEdit: setEditing, onResetPassword: (user) => void resetPassword(user), onDelete: askDelete });
  const deptId = paged.filters.deptId;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={7} lg={5}>
        <Card size="small">
          <DeptTreePanel selected={deptId} onSelect={(id) => paged.setFilters({ ...paged.filters, deptId: id })} />
        </Card>
      </Col>
      <Col xs={24} md={17} lg={19}>
        <Card size="small">
          <UserSearch onSearch={(values) => paged.setFilters({ ...values, deptId })} onReset={paged.reset} />
          <UserToolbar
            selectedCount={selected.length}
            onAdd={() => setEditing('new')}
            onDeleteSelected={() => askDelete(selected)}
            onExport={() => exportUsers(paged.filters)}
            onImport={() => setImporting(true)}
          />
          <PagedTable<SysUser>
            rowKey="userId"
            columns={columns}
            paged={paged}
            rowSelection={{ selectedRowKeys: selected.map((u) => u.userId), onChange: (_, rows) => setSelected(rows) }}
          />
        </Card>
      </Col>
      <UserFormDialog editing={editing} onClose={() => setEditing(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      {passwordDialog}
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Row>
  );
}
