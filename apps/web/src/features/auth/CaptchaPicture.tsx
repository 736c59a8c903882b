/**
 * The self-hosted picture check: a picture from the platform, renewed before it expires, and the
 * input its characters go into. Solving it yields a one-time ticket (with its randstr) that sending
 * an SMS code needs, and that a sign-in needs once the platform asked for it (1150) after several
 * failures from the same network.
 */
import { ReloadOutlined } from '@ant-design/icons';
import type { CaptchaTicket } from '@lyyp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Spin, type FormInstance } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/index.ts';
import styles from './auth.module.css';

/** Renew the picture a little before the platform forgets it. */
const CAPTCHA_RENEW_MARGIN_MS = 5_000;

export interface CaptchaPicture {
  image: string | undefined;
  loading: boolean;
  failed: boolean;
  /** A fresh picture (a ticket is good once, so after every attempt too). */
  renew: () => void;
  /** Exchanges an answer to the current picture for a one-time ticket. */
  solve: (answer: string) => Promise<CaptchaTicket>;
}

export function useCaptchaPicture(enabled = true): CaptchaPicture {
  const scope = useId();
  const captcha = useQuery({
    queryKey: ['captcha', scope],
    queryFn: authApi.showCaptcha,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: (query) => {
      const lifetime = query.state.data?.expiresInMs;
      return lifetime ? Math.max(lifetime - CAPTCHA_RENEW_MARGIN_MS, 10_000) : false;
    },
  });
  const randstr = captcha.data?.randstr;
  return {
    image: captcha.isFetching ? undefined : captcha.data?.image,
    loading: captcha.isFetching,
    failed: captcha.isError,
    renew: () => void captcha.refetch(),
    solve: (answer) => {
      if (!randstr) return Promise.reject(new Error('no captcha picture yet'));
      return authApi.verifyCaptcha({ randstr, answer });
    },
  };
}

interface CaptchaPictureFieldProps {
  form: FormInstance;
  picture: CaptchaPicture;
  /** Form field holding the answer. */
  name?: string;
}

/** The picture and its answer input, one form row. */
export function CaptchaPictureField({ form, picture, name = 'captcha' }: CaptchaPictureFieldProps) {
  const { t } = useTranslation();
  const renew = () => {
    form.setFieldValue(name, '');
    picture.renew();
  };
  return (
    <Form.Item label={t('fields.captcha')} required>
      <div className={styles.inline}>
        <Form.Item name={name} noStyle>
          <Input
            placeholder={t('placeholders.captcha')}
            autoComplete="off"
            maxLength={8}
            // The picture has no form rule (it is checked when used), so a new answer clears the old message here.
            onChange={() => form.setFields([{ name, errors: [] }])}
          />
        </Form.Item>
        <button
          type="button"
          className={styles.captchaImage}
          onClick={renew}
          title={t('auth.refreshCaptcha')}
          aria-label={t('auth.refreshCaptcha')}
          data-testid="captcha-image"
        >
          {picture.image ? (
            <img src={picture.image} alt={t('fields.captcha')} />
          ) : picture.failed ? (
            <span className={styles.captchaFailed}>
              <ReloadOutlined /> {t('auth.captchaFailed')}
            </span>
          ) : (
            <Spin size="small" />
          )}
        </button>
      </div>
    </Form.Item>
  );
}
