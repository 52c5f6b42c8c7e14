import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError, AuthRedirect } from './api-client.ts';

interface Options<S extends z.ZodObject> {
  id: string;
  schema: S;
  defaultValue?: DefaultValue<z.input<S>>;
  /** Sends the valid value; returns the server's message when it refused, or null when done. */
  onValid: (value: z.output<S>) => Promise<string | null>;
}

/**
 * The form toolkit: Conform state validated with a shared Zod schema in the browser (errors on
 * submit, then live while correcting), then an async submit whose refusal shows as a form error.
 */
export function useZodForm<S extends z.ZodObject>({ id, schema, defaultValue, onValid }: Options<S>) {
  const navigate = useNavigate();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [form, fields] = useForm<z.input<S>, z.output<S>, string[]>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== 'success' || pending) return;
      setPending(true);
      onValid(submission.value)
        .then((message) => setLastResult(message ? submission.reply({ formErrors: [message] }) : undefined))
        .catch((error: unknown) => {
          if (error instanceof AuthRedirect) return navigate(error.to);
          setLastResult(submission.reply({ formErrors: [error instanceof ApiError ? error.message : 'Something is wrong'] }));
        })
        .finally(() => setPending(false));
    },
  });
  return { form, fields, pending };
}

type TextKeys<T> = { [P in keyof T]-?: T[P] extends string | null | undefined ? P : never }[keyof T];

/** A form's starting values for an item's text fields: each as it is, or '' when adding (no item) or when it is null. */
export function textDefaults<T extends object, K extends TextKeys<T>>(item: T | null | undefined, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, (item?.[k] as string | null | undefined) ?? ''])) as Record<K, string>;
}
