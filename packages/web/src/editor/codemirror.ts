import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { MySQL, PostgreSQL, sql } from '@codemirror/lang-sql';
import { xml } from '@codemirror/lang-xml';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorState, type Extension, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import type { CodeEditorProps, CodeLanguage, EditorHandle, EditorMarker } from './types.ts';

function languageOf(language: CodeLanguage): Extension {
  if (language === 'mysql') return sql({ dialect: MySQL, upperCaseKeywords: true });
  if (language === 'postgresql') return sql({ dialect: PostgreSQL, upperCaseKeywords: true });
  if (language === 'xml') return xml();
  return [];
}

/** The marked line, kept as its own decoration so the line itself shows where the server's error is. */
const setMarkedLine = StateEffect.define<EditorMarker | null>();
const markedLine = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, transaction) {
    let next = decorations.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setMarkedLine)) continue;
      const marker = effect.value;
      const builder = new RangeSetBuilder<Decoration>();
      if (marker && marker.line <= transaction.state.doc.lines) {
        const line = transaction.state.doc.line(marker.line);
        builder.add(
          line.from,
          line.from,
          Decoration.line({
            class: 'cm-error-line',
            attributes: { 'data-testid': 'editor-error-line', 'data-line': String(marker.line) },
          }),
        );
      }
      next = builder.finish();
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The diagnostic of a server error: from its column to the end of the word there (at least one character). */
function diagnosticOf(state: EditorState, marker: EditorMarker): Diagnostic | null {
  if (marker.line < 1 || marker.line > state.doc.lines) return null;
  const line = state.doc.line(marker.line);
  const from = Math.min(line.from + Math.max(0, (marker.column ?? 1) - 1), line.to);
  const word = /^[\w$."`]+/.exec(state.sliceDoc(from, line.to))?.[0].length ?? 1;
  const to = Math.min(Math.max(from + word, from + 1), state.doc.length);
  return { from, to: Math.max(to, from), severity: 'error', message: marker.message };
}

function markerEffects(state: EditorState, marker: EditorMarker | null | undefined): StateEffect<unknown>[] {
  const diagnostic = marker ? diagnosticOf(state, marker) : null;
  const lint = setDiagnostics(state, diagnostic ? [diagnostic] : []).effects;
  const effects = lint === undefined ? [] : Array.isArray(lint) ? [...lint] : [lint as StateEffect<unknown>];
  return [...effects, setMarkedLine.of(diagnostic && marker ? marker : null)];
}

function heightTheme(rows: number): Extension {
  const lineHeight = 20.8;
  return EditorView.theme({
    '&': { minHeight: `${Math.round(rows * lineHeight + 10)}px`, maxHeight: `${Math.max(rows, 24) * lineHeight}px` },
  });
}

const baseTheme = EditorView.theme({
  '&': { fontSize: '13px', border: '1px solid var(--editor-border, #d9d9d9)', borderRadius: '6px', background: '#fff' },
  '&.cm-focused': { outline: 'none', borderColor: '#1677ff', boxShadow: '0 0 0 2px rgba(5, 145, 255, 0.1)' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.6', overflow: 'auto' },
  '.cm-gutters': { background: '#fafafa', color: '#8c8c8c', borderRight: '1px solid #f0f0f0' },
  '.cm-content': { padding: '4px 0' },
  '.cm-error-line': { background: 'rgba(255, 77, 79, 0.08)' },
  // The current line is shown only while the field has the focus: an empty field is not tinted.
  '&:not(.cm-focused) .cm-activeLine, &:not(.cm-focused) .cm-activeLineGutter': { background: 'transparent' },
  '.cm-placeholder': { color: '#bfbfbf' },
});

/**
 * CodeMirror 6 for a field of the submission forms: line numbers, SQL (MySQL or PostgreSQL) or XML highlighting,
 * and the server's error at its line and column (a lint range and gutter mark, and the line tinted). Loaded on
 * demand by CodeInput, which shows a textarea until it is here; this module has no React in it, so its chunk is
 * CodeMirror alone and does not split React out of the first route's chunk. The content element carries `testId`
 * for the e2e tests.
 */
export function createCodeEditor(parent: HTMLElement, initial: CodeEditorProps): EditorHandle {
  let props = initial;
  const language = new Compartment();
  const editable = new Compartment();
  const placeholder = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: props.value,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        drawSelection(),
        history(),
        bracketMatching(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        lintGutter(),
        markedLine,
        EditorView.lineWrapping,
        baseTheme,
        heightTheme(props.rows),
        language.of(languageOf(props.language)),
        editable.of(EditorView.editable.of(!props.disabled)),
        placeholder.of(props.placeholder ? placeholderText(props.placeholder) : []),
        EditorView.contentAttributes.of({
          'data-testid': props.testId,
          'aria-label': props.ariaLabel ?? props.testId,
          'aria-multiline': 'true',
          spellcheck: 'false',
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) props.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  view.dispatch({ effects: markerEffects(view.state, props.marker) });

  return {
    update(next) {
      const previous = props;
      props = next;
      if (view.state.doc.toString() !== next.value) {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next.value } });
      }
      if (next.language !== previous.language) {
        view.dispatch({ effects: language.reconfigure(languageOf(next.language)) });
      }
      if (next.disabled !== previous.disabled) {
        view.dispatch({ effects: editable.reconfigure(EditorView.editable.of(!next.disabled)) });
      }
      if (next.placeholder !== previous.placeholder) {
        view.dispatch({
          effects: placeholder.reconfigure(next.placeholder ? placeholderText(next.placeholder) : []),
        });
      }
      if (next.marker !== previous.marker) {
        view.dispatch({ effects: markerEffects(view.state, next.marker) });
        const marker = next.marker;
        if (marker && marker.line <= view.state.doc.lines) {
          const at = view.state.doc.line(marker.line).from;
          view.dispatch({ effects: EditorView.scrollIntoView(at, { y: 'center' }) });
        }
      }
    },
    destroy() {
      view.destroy();
    },
  };
}
