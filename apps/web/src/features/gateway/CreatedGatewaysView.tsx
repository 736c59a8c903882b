/**
 * The gateways a batch just created, with the credentials the platform shows only now: copy them
 * all, or export them as CSV (written here) or XLSX (the export of exactly these SNs).
 */
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { GatewayCreated } from '../../api/catalogue.types.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { copyText } from '../monitor/common/copy-text.ts';
import { saveFile, toCsvFile } from '../monitor/common/save-file.ts';

export function CreatedGatewaysView({ gateways }: { gateways: GatewayCreated[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const header = [t('monitor.fields.sn'), t('monitor.fields.verificationCode'), t('monitor.fields.secret')];
  const rows = gateways.map((gateway) => [gateway.sn, gateway.verificationCode, gateway.secret]);

  const exportXlsx = useMutation({
    mutationFn: () => catalogueApi.exportGateways('xlsx', { sns: gateways.map((gateway) => gateway.sn) }),
    onSuccess: saveFile,
    onError: (error) => void message.error(describeFailure(error)),
  });

  const copyAll = async () => {
    const copied = await copyText([header, ...rows].map((row) => row.join('\t')).join('\n'));
    if (copied) void message.success(t('monitor.common.copied'));
    else void message.error(t('monitor.common.copyFailed'));
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('monitor.gateway.credentialsOnce')} />
      <Space wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copyAll()}>
          {t('monitor.gateway.copyAll')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => saveFile(toCsvFile('gateways.csv', [header, ...rows]))}
        >
          {t('monitor.common.exportCsv')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exportXlsx.isPending}
          onClick={() => exportXlsx.mutate()}
        >
          {t('monitor.common.exportXlsx')}
        </Button>
      </Space>
      <Table<GatewayCreated>
        size="small"
        rowKey="sn"
        data-testid="created-gateways"
        dataSource={gateways}
        pagination={gateways.length > 10 ? { pageSize: 10 } : false}
        columns={[
          {
            title: header[0],
            dataIndex: 'sn',
            render: (sn: string) => <Typography.Text copyable>{sn}</Typography.Text>,
          },
          {
            title: header[1],
            dataIndex: 'verificationCode',
            render: (code: string) => <Typography.Text copyable>{code}</Typography.Text>,
          },
          {
            title: header[2],
            dataIndex: 'secret',
            render: (secret: string) => (
              <Typography.Text copyable code>
                {secret}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Space>
  );
}
