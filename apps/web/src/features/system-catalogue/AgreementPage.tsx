/**
 * User agreement and privacy policy (/manage/system/agreement): the published versions of each,
 * the current one marked, with how many accounts accepted each; publish a new version, read any
 * earlier one.
 */
import { AGREEMENT_KINDS, type AgreementKind } from '@lyyp/contracts/system';
import { useQuery } from '@tanstack/react-query';
import { Button, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  systemCatalogueApi,
  type AgreementSummary,
  type AgreementText,
} from '../../api/system-catalogue.api.ts';
import { actionColumn, ConsoleTable, ScreenCard, timeColumn, useAction } from '../../blocks/index.ts';
import { AgreementPublishDialog } from './AgreementPublishDialog.tsx';
import { AgreementTextDialog } from './AgreementTextDialog.tsx';

export default function AgreementPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<AgreementKind>('agreement');
  const [publishing, setPublishing] = useState(false);
  const [reading, setReading] = useState<AgreementText | null>(null);
  const versions = useQuery({
    queryKey: ['agreements'],
    queryFn: () => systemCatalogueApi.agreements.list(),
  });
  const open = useAction({
    run: (id: string) => systemCatalogueApi.agreements.info(id),
    onDone: setReading,
  });
  const rows = (versions.data ?? []).filter((row) => row.kind === kind);

  return (
    <ScreenCard
      title={t('routes.SystemAgreement')}
      add={{
        label: t('systemCatalogue.agreement.publish'),
        onClick: () => setPublishing(true),
        testId: 'agreement-publish',
      }}
    >
      <Tabs
        activeKey={kind}
        onChange={(key) => setKind(key as AgreementKind)}
        items={AGREEMENT_KINDS.map((value) => ({
          key: value,
          label: t(`systemCatalogue.agreement.kinds.${value}`),
        }))}
      />
      <ConsoleTable<AgreementSummary>
        testId="agreement-versions"
        emptyText={t('systemCatalogue.agreement.empty')}
        loading={versions.isFetching}
        error={versions.error}
        rows={rows}
        columns={[
          { title: t('systemCatalogue.agreement.version'), dataIndex: 'version', width: 120 },
          { title: t('systemCatalogue.agreement.title'), dataIndex: 'title' },
          {
            title: t('monitor.fields.status'),
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
          timeColumn(t('systemCatalogue.agreement.publishedAt'), 'publishedAt'),
          actionColumn(
            t('monitor.common.actions'),
            (row: AgreementSummary) => (
              <Button type="link" size="small" onClick={() => open.mutate(row.id)}>
                {t('systemCatalogue.agreement.view')}
              </Button>
            ),
            100,
          ),
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
    </ScreenCard>
  );
}
