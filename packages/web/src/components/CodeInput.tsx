import { Input } from 'antd';
import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react';
import type { CodeEditorProps, CodeLanguage, EditorHandle, EditorMarker } from '../editor/types.ts';

/**
 * The editor component, React.lazy over the CodeMirror module (src/editor/codemirror.ts, its own chunk): the
 * component is here and the module has no React, so React stays in the first route's shared chunk.
 */
const CodeEditor = lazy(async () => {
  const { createCodeEditor } = await import('../editor/codemirror.ts');
  const Editor: ComponentType<CodeEditorProps & { id?: string }> = ({ id, ...props }) => {
    const host = useRef<HTMLDivElement>(null);
    const handle = useRef<EditorHandle | null>(null);
    const latest = useRef(props);
    latest.current = props;
    // The editor is made once; every later render hands it the props (value, language, marker, ...).
    useEffect(() => {
      if (!host.current) return;
      const created = createCodeEditor(host.current, latest.current);
      handle.current = created;
      return () => {
        created.destroy();
        handle.current = null;
      };
    }, []);
    useEffect(() => {
      handle.current?.update(props);
    });
    return <div ref={host} id={id} className="code-editor" data-language={props.language} />;
  };
  return { default: Editor };
});

const monoArea = { fontFamily: 'var(--mono)', fontSize: 13, lineHeight: 1.6 };

/**
 * A code field of the submission forms, for a Form.Item (which passes `value`, `onChange` and `id`): the CodeMirror
 * editor, loaded on demand, and meanwhile a working textarea with the same value, so nothing typed is lost.
 */
export function CodeInput({
  value,
  onChange,
  id,
  language,
  rows,
  placeholder,
  testId,
  disabled,
  marker,
  ariaLabel,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  language: CodeLanguage;
  rows: number;
  placeholder?: string;
  testId: string;
  disabled?: boolean;
  marker?: EditorMarker | null;
  ariaLabel?: string;
}) {
  const change = (text: string) => onChange?.(text);
  return (
    <Suspense
      fallback={
        <Input.TextArea
          id={id}
          value={value ?? ''}
          onChange={(event) => change(event.target.value)}
          rows={rows}
          placeholder={placeholder}
          spellCheck={false}
          style={monoArea}
          className="code-input"
          disabled={disabled}
          data-testid={`${testId}-loading`}
        />
      }
    >
      <CodeEditor
        id={id}
        value={value ?? ''}
        onChange={change}
        language={language}
        rows={rows}
        placeholder={placeholder}
        testId={testId}
        ariaLabel={ariaLabel}
        disabled={disabled}
        marker={marker ?? null}
      />
    </Suspense>
  );
}
