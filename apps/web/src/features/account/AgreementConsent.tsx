/**
 * The agreement box of registration and of first-time completion: the current user agreement and
 * privacy policy, each readable from its link, and the versions to send with the form. When the
 * platform answers that a newer text was published meanwhile (2707, 2708), the texts are read
 * again and the box is unticked, so the person reads and agrees to what is current.
 */
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/index.ts';
import { systemCatalogueApi, type AgreementText } from '../../api/system-catalogue.api.ts';
import { AgreementTextDialog } from '../system-catalogue/AgreementTextDialog.tsx';
import { useFormRules } from '../auth/use-form-support.ts';

const OUTDATED_AGREEMENT_CODES = ['2707', '2708'];

/** The current texts, the ids to send, and what to do when the platform refuses them as outdated. */
export function useAgreementConsent() {
  const texts = useQuery({
    queryKey: ['agreements-current'],
    queryFn: () => systemCatalogueApi.agreements.current(),
  });
  const { agreement, privacy } = texts.data ?? { agreement: null, privacy: null };
  return {
    agreement,
    privacy,
    accepted: {
      ...(agreement ? { agreementId: agreement.id } : {}),
      ...(privacy ? { privacyId: privacy.id } : {}),
    },
    onRefused: (error: unknown, form: FormInstance) => {
      if (error instanceof ApiError && OUTDATED_AGREEMENT_CODES.includes(error.code)) {
        form.setFieldValue('agree', false);
        void texts.refetch();
      }
    },
  };
}

export function AgreementConsentItem({
  agreement,
  privacy,
  testIdPrefix,
}: {
  agreement: AgreementText | null;
  privacy: AgreementText | null;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const [reading, setReading] = useState<AgreementText | null>(null);
  const documentLink = (text: AgreementText) => (
    <Typography.Link
      data-testid={`${testIdPrefix}-${text.kind}-link`}
      onClick={(event) => {
        event.preventDefault();
        setReading(text);
      }}
    >
      《{text.title}》
    </Typography.Link>
  );
  return (
    <>
      <Form.Item name="agree" valuePropName="checked" rules={rules.agreement}>
        <Checkbox>
          {agreement || privacy ? (
            <>
              {t('register.agreeTo')} {agreement ? documentLink(agreement) : null}
              {agreement && privacy ? ` ${t('register.and')} ` : null}
              {privacy ? documentLink(privacy) : null}
            </>
          ) : (
            t('register.agree')
          )}
        </Checkbox>
      </Form.Item>
      {reading ? <AgreementTextDialog text={reading} onClose={() => setReading(null)} /> : null}
    </>
  );
}
