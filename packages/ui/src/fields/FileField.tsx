import { useRef, useState, type DragEvent, type Ref } from 'react';
import { FORM_MESSAGES } from '@storefront/contracts';
import { fileTypesAccept, isAcceptedFileType, tooManyFilesMessage } from '@storefront/form-schema/file-types';
import { FieldShell, controlAria, fieldMessageIds, type FieldBaseProps } from './FieldShell.js';

/** Spec §3 file layouts. */
export type FileFieldLayout = 'drag-&-drop' | 'file-input';

export interface FileFieldProps extends FieldBaseProps {
  name: string;
  value: readonly File[];
  onChange: (files: File[]) => void;
  onBlur?: () => void;
  /** MIME types ("image/jpeg"), wildcards or extensions ("jpg", ".jpg"); none: any file */
  fileTypes?: readonly string[];
  maxFiles?: number;
  /** MB, shown in the hint (the size rule itself is the form's) */
  maxFileSize?: number;
  layout?: FileFieldLayout;
  disabled?: boolean;
  ref?: Ref<HTMLElement>;
}

/** "820 KB", "1.4 MB": sizes as people read them (1 MB = 1048576 bytes, as the size rule counts). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1048576) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1048576).toFixed(1)} MB`;
}

/**
 * What the picker keeps of newly chosen files: only the types fileTypes allows (else the spec's
 * "File format is not supported"), and no more than maxFiles in all (else how many are allowed).
 */
export function pickFiles(current: readonly File[], chosen: readonly File[], fileTypes: readonly string[] | undefined, maxFiles: number | undefined): { files: File[]; notices: string[] } {
  const notices: string[] = [];
  const allowed = chosen.filter((file) => isAcceptedFileType(file, fileTypes));
  if (allowed.length < chosen.length) notices.push(FORM_MESSAGES.filePickerUnsupported);
  const room = maxFiles === undefined ? allowed.length : Math.max(0, maxFiles - current.length);
  if (allowed.length > room) notices.push(tooManyFilesMessage(maxFiles ?? 0));
  return { files: [...current, ...allowed.slice(0, room)], notices };
}

/**
 * File upload: a drop zone that is also a button opening the picker (keyboard: Tab, Enter/Space), or
 * a plain file input. Chosen files are listed with their size and a Remove button.
 */
export function FileField(props: FileFieldProps) {
  const { id, label, required, error, describedBy, hint, labelLengthLimit, className, name, value, onChange, onBlur, fileTypes, maxFiles, layout = 'drag-&-drop', disabled, ref } = props;
  const ids = fieldMessageIds(id);
  const pickerRef = useRef<HTMLInputElement>(null);
  const [notices, setNotices] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const accept = fileTypesAccept(fileTypes);
  const dropTextId = `${id}-drop-text`;
  const aria = controlAria({ id, required, error, describedBy, hint }, notices.length > 0 ? ids.notice : undefined);
  // a button may not carry aria-required (ARIA 1.2): the drop zone's label says "required" and the file input keeps it
  const { 'aria-required': _required, ...buttonAria } = aria;

  function add(chosen: FileList | null) {
    if (!chosen || chosen.length === 0) return;
    const picked = pickFiles(value, Array.from(chosen), fileTypes, maxFiles);
    setNotices(picked.notices);
    onChange(picked.files);
  }

  function remove(index: number) {
    setNotices([]);
    onChange(value.filter((_, at) => at !== index));
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add(event.dataTransfer.files);
  }

  const picker = (
    <input
      ref={layout === 'file-input' ? (ref as Ref<HTMLInputElement>) : pickerRef}
      id={layout === 'file-input' ? id : `${id}-picker`}
      name={name}
      type="file"
      accept={accept}
      multiple={maxFiles !== 1}
      disabled={disabled}
      className={layout === 'file-input' ? 'sf-file-input' : 'sf-visually-hidden'}
      // the drop zone's button is the way in; the hidden input is only the browser's picker
      tabIndex={layout === 'file-input' ? undefined : -1}
      aria-hidden={layout === 'file-input' ? undefined : true}
      {...(layout === 'file-input' ? aria : {})}
      onChange={(event) => {
        add(event.target.files);
        // so choosing the same file again (after removing it) is noticed
        event.target.value = '';
      }}
      onBlur={layout === 'file-input' ? onBlur : undefined}
    />
  );

  const list =
    value.length > 0 ? (
      <ul className="sf-file-list" aria-label={`Chosen files for ${label}`}>
        {value.map((file, index) => (
          <li key={`${file.name}-${index}`} className="sf-file-list__item">
            <span className="sf-file-list__name">{file.name}</span>
            <span className="sf-file-list__size">{formatFileSize(file.size)}</span>
            <button type="button" className="sf-file-list__remove" onClick={() => remove(index)} aria-label={`Remove ${file.name}`} disabled={disabled}>
              Remove
            </button>
          </li>
        ))}
      </ul>
    ) : null;

  const noticeText =
    notices.length > 0 ? (
      <p id={ids.notice} className="sf-field__error" role="alert">
        {notices.join(' ')}
      </p>
    ) : null;

  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} labelLengthLimit={labelLengthLimit} className={className} kind="file" after={<>{noticeText}{list}</>}>
      {layout === 'file-input' ? (
        picker
      ) : (
        <>
          <button
            {...buttonAria}
            ref={ref as Ref<HTMLButtonElement>}
            id={id}
            type="button"
            className={['sf-file-drop', dragging ? 'sf-file-drop--over' : ''].filter(Boolean).join(' ')}
            aria-labelledby={`${ids.label} ${dropTextId}`}
            disabled={disabled}
            onClick={() => pickerRef.current?.click()}
            onBlur={onBlur}
            onDragEnter={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <span id={dropTextId} className="sf-file-drop__text">
              Drag &amp; drop files here or <span className="sf-file-drop__browse">browse</span>
            </span>
          </button>
          {picker}
        </>
      )}
    </FieldShell>
  );
}
