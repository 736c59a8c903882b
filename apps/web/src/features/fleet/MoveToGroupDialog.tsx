/** Moves the chosen devices into one of the caller's groups, or out of every group. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fleetApi } from '../../api/fleet.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { useDeviceGroups } from './DeviceGroupsDialog.tsx';

/** The select's value for "no group". */
const UNGROUPED = '';

export function MoveToGroupDialog({
  deviceIds,
  onClose,
  onMoved,
}: {
  /** The devices to move; the dialog is open while there are some. */
  deviceIds: string[] | null;
  onClose: () => void;
  onMoved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  const groups = useDeviceGroups();
  const [groupId, setGroupId] = useState<string | undefined>();
  const move = useMutation({
    mutationFn: () => fleetApi.moveToGroup({ ids: deviceIds ?? [], ...(groupId ? { groupId } : {}) }),
    onSuccess: async (answer) => {
      void message.success(t('fleet.groups.moved', { count: answer.moved }));
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
      setGroupId(undefined);
      onMoved();
    },
    onError: (error) => void message.error(describeFailure(error)),
  });
  return (
    <Modal
      open={deviceIds !== null}
      title={t('fleet.groups.moveTitle', { count: deviceIds?.length ?? 0 })}
      okText={t('monitor.common.confirm')}
      cancelText={t('monitor.common.cancel')}
      okButtonProps={{ disabled: groupId === undefined }}
      confirmLoading={move.isPending}
      onOk={() => move.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Select
        style={{ width: '100%' }}
        placeholder={t('fleet.groups.target')}
        value={groupId}
        onChange={setGroupId}
        data-testid="move-group-select"
        options={[
          { value: UNGROUPED, label: t('fleet.bulk.ungrouped') },
          ...(groups.data ?? []).map((group) => ({ value: group.id, label: group.name })),
        ]}
      />
    </Modal>
  );
}
