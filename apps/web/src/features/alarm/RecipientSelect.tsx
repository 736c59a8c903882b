/**
 * Picks one recipient of an alarm group by name, user name or phone, among the people who may see
 * the product's devices (the server decides who; phones come masked). A present recipient who no
 * longer sees the devices is marked: they receive nothing until they see one again.
 */
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmApi, type RecipientCandidate } from '../../api/alarm.api.ts';

const SEARCH_DELAY_MS = 300;

/** The search text once the person has stopped typing for a moment. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** Names of a group's present recipients, asked once when the dialog opens. */
export function useRecipientNames(productId: string, accountIds: readonly string[]) {
  const ids = [...accountIds].sort();
  const named = useQuery({
    queryKey: ['alarm-recipients', productId, 'named', ids],
    queryFn: () => alarmApi.searchRecipients({ productId, keyword: '', accountIds: ids }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
  return useMemo(
    () => new Map((named.data?.list ?? []).map((candidate) => [candidate.accountId, candidate])),
    [named.data],
  );
}

function CandidateLabel({ candidate }: { candidate: RecipientCandidate }) {
  const { t } = useTranslation();
  return (
    <Space size={6}>
      <span>{candidate.name}</span>
      {candidate.username && candidate.username !== candidate.name ? (
        <Typography.Text type="secondary">{candidate.username}</Typography.Text>
      ) : null}
      {candidate.phone ? <Typography.Text type="secondary">{candidate.phone}</Typography.Text> : null}
      {candidate.seesDevices ? null : <Tag color="warning">{t('alarm.recipient.noAccess')}</Tag>}
    </Space>
  );
}

export function RecipientSelect({
  productId,
  names,
  taken,
  value,
  onChange,
}: {
  productId: string;
  /** Present recipients by account id. */
  names: ReadonlyMap<string, RecipientCandidate>;
  /** Accounts other rows already hold. */
  taken: ReadonlySet<string>;
  value?: string;
  onChange?: (accountId: string) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<RecipientCandidate | null>(null);
  const settled = useSettled(keyword.trim());
  const found = useQuery({
    queryKey: ['alarm-recipients', productId, 'search', settled],
    queryFn: () => alarmApi.searchRecipients({ productId, keyword: settled }),
    staleTime: 30_000,
  });
  const current = value ? (picked?.accountId === value ? picked : names.get(value)) : undefined;
  const candidates = [
    ...(current ? [current] : []),
    ...(found.data?.list ?? []).filter(
      (candidate) => candidate.accountId !== value && !taken.has(candidate.accountId),
    ),
  ];
  const options: { value: string; label: ReactNode; candidate?: RecipientCandidate }[] = candidates.map(
    (candidate) => ({
      value: candidate.accountId,
      label: <CandidateLabel candidate={candidate} />,
      candidate,
    }),
  );
  // A recipient the server no longer names (an account since deleted) still shows, to be removed.
  if (value && !current) options.unshift({ value, label: <span>{value}</span> });

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value || undefined}
      placeholder={t('alarm.recipient.placeholder')}
      onChange={(accountId: string, option) => {
        const chosen = Array.isArray(option)
          ? undefined
          : (option as { candidate?: RecipientCandidate }).candidate;
        setPicked(chosen ?? null);
        setKeyword('');
        onChange?.(accountId);
      }}
      options={options}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : (
          <Typography.Text type="secondary">{t('alarm.recipient.none')}</Typography.Text>
        )
      }
      popupRender={(menu) => (
        <>
          {menu}
          {found.data?.more ? (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 12px' }}>
              {t('alarm.recipient.more')}
            </Typography.Paragraph>
          ) : null}
        </>
      )}
    />
  );
}
