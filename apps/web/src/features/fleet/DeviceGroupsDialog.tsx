/**
 * The caller's device groups: create, rename and delete (the devices of a deleted group become
 * ungrouped). The list answers of each change replace the cached groups.
 */
import { NAME_MAX_LENGTH } from '@lyyp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fleetApi, type DeviceGroup } from '../../api/fleet.api.ts';
import { actionColumn, ConfirmButton, ConsoleTable } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';

export const DEVICE_GROUPS_KEY = ['devices', 'group-list'] as const;

export function useDeviceGroups() {
  return useQuery({ queryKey: DEVICE_GROUPS_KEY, queryFn: () => fleetApi.listGroups() });
}

export function DeviceGroupsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  const groups = useDeviceGroups();
  const [newName, setNewName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);

  const settle = {
    onSuccess: async (list: DeviceGroup[]) => {
      queryClient.setQueryData(DEVICE_GROUPS_KEY, list);
      // Device rows show their group's name.
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
    },
    onError: (error: unknown) => void message.error(describeFailure(error)),
  };
  const add = useMutation({
    mutationFn: (name: string) => fleetApi.addGroup(name),
    ...settle,
    onSuccess: async (list: DeviceGroup[]) => {
      setNewName('');
      await settle.onSuccess(list);
    },
  });
  const rename = useMutation({
    mutationFn: (group: { id: string; name: string }) => fleetApi.renameGroup(group.id, group.name),
    ...settle,
    onSuccess: async (list: DeviceGroup[]) => {
      setEditing(null);
      await settle.onSuccess(list);
    },
  });

  return (
    <Modal open={open} title={t('fleet.groups.title')} footer={null} onCancel={onClose} destroyOnHidden>
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input
          value={newName}
          maxLength={NAME_MAX_LENGTH}
          placeholder={t('fleet.groups.addPlaceholder')}
          onChange={(event) => setNewName(event.target.value)}
          onPressEnter={() => newName.trim() && add.mutate(newName)}
          data-testid="group-name-input"
        />
        <Button
          type="primary"
          loading={add.isPending}
          disabled={!newName.trim()}
          onClick={() => add.mutate(newName)}
        >
          {t('fleet.groups.add')}
        </Button>
      </Space.Compact>
      <ConsoleTable<DeviceGroup>
        loading={groups.isPending}
        rows={groups.data}
        emptyText={t('fleet.groups.empty')}
        columns={[
          {
            title: t('fleet.groups.name'),
            dataIndex: 'name',
            render: (name: string, group) =>
              editing?.id === group.id ? (
                <Input
                  size="small"
                  autoFocus
                  value={editing.name}
                  maxLength={NAME_MAX_LENGTH}
                  onChange={(event) => setEditing({ id: group.id, name: event.target.value })}
                  onPressEnter={() => rename.mutate(editing)}
                  onBlur={() => setEditing(null)}
                />
              ) : (
                <Typography.Text>{name}</Typography.Text>
              ),
          },
          { title: t('fleet.groups.devices'), dataIndex: 'deviceCount', width: 90 },
          actionColumn(
            t('monitor.common.actions'),
            (group) => (
              <Space size={12}>
                <Typography.Link onClick={() => setEditing({ id: group.id, name: group.name })}>
                  {t('fleet.groups.rename')}
                </Typography.Link>
                <ConfirmButton
                  label={t('monitor.common.delete')}
                  title={t('fleet.groups.deleteConfirm', { name: group.name })}
                  run={() => fleetApi.deleteGroup(group.id)}
                  onDone={settle.onSuccess}
                />
              </Space>
            ),
            150,
          ),
        ]}
      />
    </Modal>
  );
}
