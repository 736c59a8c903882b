/** The remark of a gateway, edited in place in the list (§5: at most 20 characters). */
import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { REMARK_MAX_LENGTH, maxLengthCheck } from '@lyyp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeViolation, useDescribeFailure } from '../monitor/common/catalogue-text.ts';

const checkRemark = maxLengthCheck('remark', REMARK_MAX_LENGTH);

export function RemarkCell({
  sn,
  remark,
  editable,
}: {
  sn: string;
  remark: string | null;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (text: string) => catalogueApi.editGatewayRemark(sn, text.trim()),
    onSuccess: async () => {
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: ['gateways'] });
    },
  });

  if (draft === null) {
    return (
      <Space size={4}>
        <Typography.Text>{remark || '—'}</Typography.Text>
        {editable ? (
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('monitor.gateway.editRemark')}
            onClick={() => {
              save.reset();
              setDraft(remark ?? '');
            }}
          />
        ) : null}
      </Space>
    );
  }

  const violation = checkRemark(draft);
  const problem = violation
    ? describeViolation(violation, locale)
    : save.error
      ? describeFailure(save.error)
      : null;
  return (
    <div>
      <Space.Compact size="small">
        <Input
          autoFocus
          value={draft}
          status={problem ? 'error' : ''}
          aria-label={t('monitor.fields.remark')}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={() => !violation && save.mutate(draft)}
          style={{ width: 160 }}
        />
        <Button
          icon={<CheckOutlined />}
          aria-label={t('monitor.common.save')}
          disabled={Boolean(violation)}
          loading={save.isPending}
          onClick={() => save.mutate(draft)}
        />
        <Button
          icon={<CloseOutlined />}
          aria-label={t('monitor.common.cancel')}
          onClick={() => setDraft(null)}
        />
      </Space.Compact>
      {problem ? (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
          {problem}
        </Typography.Text>
      ) : null}
    </div>
  );
}
