/**
 * User agreement and privacy policy (/manage/system/agreement): the published versions of each,
 * the current one marked, with how many accounts accepted each; publish a new version, read any
 * earlier one.
 */
import { AGREEMENT_KINDS, type AgreementKind } from '@lyyp/contracts/system';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  systemCatalogueApi,
  type AgreementSummary,
  type AgreementText,
} from '../../api/system-catalogue.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { AgreementPublishDialog } from './AgreementPublishDialog.tsx';
import { AgreementTextDialog } from './AgreementTextDialog.tsx';

export default function AgreementPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const [kind, setKind] = useState<AgreementKind>('agreement');
  const [publishing, setPublishing] = useState(false);
  const [reading, setReading] = useState<AgreementText | null>(null);
  const versions = useQuery({
    queryKey: ['agreements'],
    queryFn: () => systemCatalogueApi.agreements.list(),
  });
  const open = useMutation({
    mutationFn: (id: string) => systemCatalogueApi.agreements.info(id),
    onSuccess: setReading,
    onError: (error) => void message.error(describeFailure(error)),
  });
  const rows = (versions.data ?? []).filter((row) => row.kind === kind);

  return (
    <Card
      variant="borderless"
      title={t('routes.SystemAgreement')}
      extra={
        <Button type="primary" onClick={() => setPublishing(true)} data-testid="agreement-publish">
          {t('systemCatalogue.agreement.publish')}
        </Button>
      }
    >
      <Tabs
        activeKey={kind}
        onChange={(key) => setKind(key as AgreementKind)}
        items={AGREEMENT_KINDS.map((value) => ({
          key: value,
          label: t(`systemCatalogue.agreement.kinds.${value}`),
        }))}
      />
      {versions.error ? (
        <Typography.Paragraph type="danger">{describeFailure(versions.error)}</Typography.Paragraph>
      ) : null}
      <Table<AgreementSummary>
        rowKey="id"
        size="small"
        data-testid="agreement-versions"
        loading={versions.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('systemCatalogue.agreement.empty') }}
        columns={[
          { title: t('systemCatalogue.agreement.version'), dataIndex: 'version', width: 120 },
          { title: t('systemCatalogue.agreement.title'), dataIndex: 'title' },
          {
            title: '',
            dataIndex: 'current',
            width: 110,
            render: (current: boolean) =>
              current ? (
                <Tag color="green">{t('systemCatalogue.agreement.current')}</Tag>
              ) : (
                <Tag>{t('systemCatalogue.agreement.old')}</Tag>
              ),
          },
          { title: t('systemCatalogue.agreement.acceptedCount'), dataIndex: 'acceptedCount', width: 120 },
          {
            title: t('systemCatalogue.agreement.publishedAt'),
            dataIndex: 'publishedAt',
            width: 180,
            render: (value: string) => formatTime(value),
          },
          {
            title: t('monitor.common.actions'),
            key: 'actions',
            width: 100,
            render: (_value, row) => (
              <Button type="link" size="small" onClick={() => open.mutate(row.id)}>
                {t('systemCatalogue.agreement.view')}
              </Button>
            ),
          },
        ]}
      />
      {publishing ? (
        <AgreementPublishDialog
          kind={kind}
          onClose={() => setPublishing(false)}
          onPublished={(published) => {
            setKind(published);
            void versions.refetch();
          }}
        />
      ) : null}
      {reading ? <AgreementTextDialog text={reading} onClose={() => setReading(null)} /> : null}
    </Card>
  );
}
