/** The highlighting of a field: a SQL dialect, a mapper's XML, or none (statistics, plans, workloads). */
export type CodeLanguage = 'mysql' | 'postgresql' | 'xml' | 'plain';

/** Where the server found the problem in a field (4202, 4203, 4204 and the other codes with a position). */
export interface EditorMarker {
  line: number;
  column?: number;
  message: string;
}

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: CodeLanguage;
  rows: number;
  placeholder?: string;
  testId: string;
  ariaLabel?: string;
  disabled?: boolean;
  marker?: EditorMarker | null;
}

/** The mounted editor: given the component's props on each render, destroyed on unmount. */
export interface EditorHandle {
  update(props: CodeEditorProps): void;
  destroy(): void;
}
