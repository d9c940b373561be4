import { ErrorCode, type SubmissionField } from '@sqltune/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormInstance, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../../api/http.ts';
import { getSiteConfig, SITE_QUERY_KEY, useSiteConfig } from '../../api/site.ts';
import type { EditorMarker } from '../../editor/types.ts';
import { isLanguage } from '../../lib/language.ts';
import { overLimit } from '../../lib/limits.ts';
import { useMessage } from '../../lib/message.tsx';
import { loginPath } from '../../lib/paths.ts';
import { isLoggedIn } from '../../lib/session.ts';

/** What differs between the SQL and the XML screens; the rest of submitting is one behaviour. */
export interface ConfigScreen<Field extends string> {
  /** The screen's path: where signing in comes back to, with the form kept as a draft. */
  readonly path: '/sqlConfig' | '/xmlConfig';
  /** Where the form waits (sessionStorage) while the user signs in. */
  readonly draftKey: string;
  /** The field the statements are in: always shown, so never a panel to open. */
  readonly mainField: Field;
  /** Which field a server error belongs to, to show it there (at its line and column when it has them). */
  readonly fieldOf: (error: ApiError) => Field | null;
  /** The quota dialog's text (SQL and XML have quotas of their own). */
  readonly quotaText: string;
  /** The result page, given the new task's id. */
  readonly resultPath: (id: string) => string;
}

/** One field's text and the size limit it is checked against before sending (the server's, from contracts). */
export interface SizedField<Field extends string> {
  readonly name: Field;
  readonly limit: SubmissionField;
  readonly text: string | undefined;
}

/**
 * Submitting a configuration screen: sign-in first (the form kept as a draft), sizes checked before sending, the
 * quota dialog, and a refusal shown at its field (opening the panel it is in, marking its line and column in the
 * editor) or above the button when it belongs to no field.
 */
export function useConfigSubmission<Values extends object, Field extends string>(
  form: FormInstance<Values>,
  screen: ConfigScreen<Field>,
) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const message = useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const support = useSiteConfig()?.links.support;
  const [openPanels, setOpenPanels] = useState<string[]>(['schema']);
  const [submitting, setSubmitting] = useState(false);
  /** The server's error at its line and column, shown in the field's editor until the field changes. */
  const [markers, setMarkers] = useState<Partial<Record<Field, EditorMarker>>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);

  const open = (panel: string) => setOpenPanels((panels) => (panels.includes(panel) ? panels : [...panels, panel]));

  const showAt = (field: Field, errors: string[]) => {
    if (field !== screen.mainField) open(field);
    form.setFields([{ name: field as never, errors }]);
    form.scrollToField(field as never, { block: 'center' });
  };

  const askToSignIn = () => {
    modal.confirm({
      title: t('sqlConfig.loginTitle'),
      content: t('sqlConfig.loginDesc'),
      okText: t('sqlConfig.goSignIn'),
      cancelText: t('common.cancel'),
      onOk: () => {
        try {
          sessionStorage.setItem(screen.draftKey, JSON.stringify(form.getFieldsValue()));
        } catch {
          // the draft is a convenience only
        }
        navigate(loginPath(screen.path));
      },
    });
  };

  /**
   * The support address as a real link on the dialog's button: the browser opens it from the user's own click, so no
   * popup blocker stands in the way. The address is fetched before the dialog opens when the page has not got it yet.
   */
  const showQuotaDialog = async () => {
    const site = await queryClient
      .ensureQueryData({ queryKey: SITE_QUERY_KEY, queryFn: getSiteConfig })
      .catch(() => undefined);
    const address = site?.links.support ?? support;
    modal.confirm({
      title: t('quota.title'),
      content: screen.quotaText,
      okText: t('quota.upgrade'),
      cancelText: t('quota.contact'),
      cancelButtonProps: address ? { href: address, target: '_blank', rel: 'noopener noreferrer' } : undefined,
      onOk: () => navigate('/subscribe'),
    });
  };

  const showRefusal = (error: unknown) => {
    const reason = errorText(error, lang);
    let text = reason;
    if (error instanceof ApiError && error.line !== undefined) {
      text += ` (${t('errors.location', { line: error.line, column: error.column ?? 1 })})`;
    }
    const field = error instanceof ApiError ? screen.fieldOf(error) : null;
    if (!field) {
      setGeneralError(text);
      return;
    }
    if (error instanceof ApiError && error.line !== undefined) {
      const at = { line: error.line, column: error.column ?? 1 };
      setMarkers({ [field]: { ...at, message: t('editor.errorMarker', { ...at, message: reason }) } } as Partial<
        Record<Field, EditorMarker>
      >);
    }
    showAt(field, [text]);
  };

  /** Sends the form (after the sign-in and size checks) and opens the new task's result page. */
  const submit = async (fields: ReadonlyArray<SizedField<Field>>, send: () => Promise<{ id: string }>) => {
    setGeneralError(null);
    if (!isLoggedIn()) {
      askToSignIn();
      return;
    }
    const tooLarge = overLimit(fields);
    if (tooLarge) {
      showAt(tooLarge.name, [tooLarge.message]);
      return;
    }
    setSubmitting(true);
    try {
      const task = await send();
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
      void message.success(t('sqlConfig.submitted'));
      navigate(screen.resultPath(task.id));
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.UNAUTHORIZED) return;
      if (error instanceof ApiError && error.code === ErrorCode.QUOTA_EXCEEDED) void showQuotaDialog();
      else showRefusal(error);
    } finally {
      setSubmitting(false);
    }
  };

  /** Clears every error shown (a new example or file replaces what they were about). */
  const clearErrors = (names: readonly Field[]) => {
    form.setFields(names.map((name) => ({ name: name as never, errors: [] })));
    setMarkers({});
    setGeneralError(null);
  };

  /** A marked field that changes loses its marks (they were about the text that was sent). */
  const onValuesChange = (changed: Partial<Values>) => {
    if (Object.keys(changed).some((name) => name in markers)) setMarkers({});
  };

  return {
    modalHolder,
    onValuesChange,
    submitting,
    markers,
    setMarkers,
    generalError,
    openPanels,
    setOpenPanels,
    open,
    submit,
    clearErrors,
  };
}

/** The form a screen kept while its user signed in, once (it is removed as it is read). */
export function takeDraft<Values extends object>(draftKey: string, initial: Values): Values | null {
  try {
    const raw = sessionStorage.getItem(draftKey);
    if (!raw) return null;
    sessionStorage.removeItem(draftKey);
    return { ...initial, ...(JSON.parse(raw) as Partial<Values>) };
  } catch {
    return null;
  }
}
