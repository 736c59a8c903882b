/**
 * The device list's bulk actions: groups, import, export of what the filters show, and for the
 * chosen devices moving to a group and unbinding; plus the way to accept a share. Each shows as the
 * policy lets the account attempt it (the list offers for choosing only rows it may change).
 */
import {
  DeleteOutlined,
  DownloadOutlined,
  FolderOutlined,
  ShareAltOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { DeviceExportRequest } from '@lyyp/contracts/fleet';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fleetApi } from '../../api/fleet.api.ts';
import { ConfirmButton, useAction } from '../../blocks/index.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { saveFile } from '../monitor/common/save-file.ts';
import { DeviceGroupsDialog } from './DeviceGroupsDialog.tsx';
import { DeviceImportDialog } from './DeviceImportDialog.tsx';
import { MoveToGroupDialog } from './MoveToGroupDialog.tsx';

export function DeviceBulkBar({
  selectedIds,
  filter,
  onSelectionDone,
}: {
  selectedIds: string[];
  /** The list's visible filters: the export writes what they show. */
  filter: Omit<DeviceExportRequest, 'format'>;
  onSelectionDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { may } = useCapabilities();
  const [groupsOpen, setGroupsOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [moving, setMoving] = useState<string[] | null>(null);
  const exportList = useAction({
    run: () => fleetApi.exportDevices({ ...filter, format: 'xlsx' }),
    onDone: saveFile,
  });
  const unbind = (ids: string[]) =>
    fleetApi.unbindDevices(ids).then((answer) => {
      void message.success(t('fleet.bulk.unbound', { count: answer.unbound }));
      onSelectionDone();
      return queryClient.invalidateQueries({ queryKey: ['devices'] });
    });

  return (
    <>
      <Space wrap>
        {selectedIds.length > 0 ? (
          <>
            <Typography.Text type="secondary" data-testid="bulk-selected">
              {t('fleet.bulk.selected', { count: selectedIds.length })}
            </Typography.Text>
            <Button onClick={() => setMoving(selectedIds)}>{t('fleet.bulk.moveToGroup')}</Button>
            <ConfirmButton
              type="default"
              size="middle"
              icon={<DeleteOutlined />}
              label={t('fleet.bulk.unbindSelected')}
              title={t('fleet.bulk.unbindConfirm', { count: selectedIds.length })}
              run={() => unbind(selectedIds)}
            />
          </>
        ) : null}
        {may('share.accept') ? (
          <Button icon={<ShareAltOutlined />} onClick={() => void navigate('/monitor/share')}>
            {t('fleet.bulk.acceptShare')}
          </Button>
        ) : null}
        {may('device.edit') ? (
          <>
            <Button icon={<FolderOutlined />} onClick={() => setGroupsOpen(true)} data-testid="groups-open">
              {t('fleet.bulk.groups')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
              {t('fleet.bulk.import')}
            </Button>
          </>
        ) : null}
        <Button
          icon={<DownloadOutlined />}
          loading={exportList.isPending}
          onClick={() => exportList.mutate()}
        >
          {t('fleet.bulk.export')}
        </Button>
      </Space>
      <DeviceGroupsDialog open={groupsOpen} onClose={() => setGroupsOpen(false)} />
      <DeviceImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
      <MoveToGroupDialog
        deviceIds={moving}
        onClose={() => setMoving(null)}
        onMoved={() => {
          setMoving(null);
          onSelectionDone();
        }}
      />
    </>
  );
}
