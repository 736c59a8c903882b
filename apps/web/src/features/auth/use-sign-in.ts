/**
 * What the two sign-in forms share: the form, its error placement, and the picture check the platform
 * asks for (1150) after several failures from the same network. Once asked, every further try first
 * exchanges the picture's answer for a ticket and sends it along; a try without an answer sends
 * nothing and says so on the picture's input.
 */
import type { AccountInfo, CaptchaTicket } from '@lyyp/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeError, translateCatalogue } from '../../app/messages.ts';
import { useCaptchaPicture } from './CaptchaPicture.tsx';
import { asksForPictureCheck } from './sign-in-challenge.ts';
import { useFormError, useLandAfterSignIn } from './use-form-support.ts';

/** Thrown before anything is sent when the picture has no answer yet. */
class MissingPictureAnswer extends Error {}

export interface SignInOptions<V> {
  fields: readonly string[];
  /** The call, with the picture's ticket once the platform asked for one. */
  signIn: (values: V, proof: CaptchaTicket | Record<string, never>) => Promise<AccountInfo>;
  /** The picture is shown from the start (it also guards sending SMS codes). */
  pictureAlways?: boolean;
  /** The platform's first request for the picture: said above the form, or on the picture's input. */
  firstChallengeOn: 'alert' | 'picture';
  /** The input a refusal naming no known input is shown on (none: above the form). */
  fallbackField?: string;
}

export function useSignIn<V extends { captcha?: string }>(options: SignInOptions<V>) {
  const [form] = Form.useForm<V>();
  const land = useLandAfterSignIn();
  const locale = useLocaleStore((state) => state.locale);
  const { alertText, showError, clearError } = useFormError(form, options.fields);
  const [pictureNeeded, setPictureNeeded] = useState(false);
  const picture = useCaptchaPicture(Boolean(options.pictureAlways) || pictureNeeded);
  // The picture's input is the same in both forms, whatever else they hold.
  const captchaInput = form as FormInstance;
  const captchaError = (text: string) => captchaInput.setFields([{ name: 'captcha', errors: [text] }]);

  const mutation = useMutation({
    mutationFn: async (values: V) => {
      const answer = values.captcha?.trim() ?? '';
      if (pictureNeeded && !answer) throw new MissingPictureAnswer();
      const proof = pictureNeeded ? await picture.solve(answer) : {};
      return options.signIn(values, proof);
    },
    onSuccess: land,
    onError: (error) => {
      if (error instanceof MissingPictureAnswer) {
        captchaError(translateCatalogue('1114', locale));
        return;
      }
      if (pictureNeeded) {
        // The answer is spent either way; renew first, because resetting the input clears its message.
        captchaInput.setFieldValue('captcha', '');
        picture.renew();
      }
      if (asksForPictureCheck(error)) {
        setPictureNeeded(true);
        if (pictureNeeded || options.firstChallengeOn === 'picture') {
          captchaError(describeError(error, locale));
          return;
        }
      }
      showError(error, options.fallbackField);
    },
  });

  const formProps = {
    form,
    layout: 'vertical' as const,
    size: 'large' as const,
    requiredMark: false,
    onFinish: (values: V) => mutation.mutate(values),
    onValuesChange: clearError,
  };
  return { form, formProps, picture, pictureNeeded, alertText, mutation };
}
