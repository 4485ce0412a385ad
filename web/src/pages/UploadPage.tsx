import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { DEFAULT_MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from '../../../shared/limits.js';
import { ApiFailure, getConfig, uploadReport, type Upload } from '../api/client.js';
import { rememberDeleteToken } from '../api/delete-tokens.js';
import { formatBytes } from '../format.js';
import { FailureMessage } from '../components/FailureMessage.js';
import { useT } from '../i18n/i18n.js';
import { navigate } from '../router.js';
import { compareQuery } from '../../../shared/api/compare-ref.js';
import { parseCompareView } from '../../../shared/view/compare-view.js';

type Phase =
  | { step: 'idle' }
  | { step: 'sending'; loaded: number; total: number }
  | { step: 'reading' }
  | { step: 'done' };

interface Problem {
  title: string;
  message: string;
  /** A failure from the server: said in the page's language at render time (i18n/api-errors.ts). */
  failure?: ApiFailure;
}

const SUGGESTED = 'dstat -tfvnrl --output load.csv 1';

/**
 * The compare page an upload of several files opens (the server's `compareUrl`): as it is for one test
 * before and after, or on the clock with a panel per host for the hosts of one test.
 */
function compareOpening(compareUrl: string, several: 'before-after' | 'hosts'): string {
  if (several === 'before-after') return compareUrl;
  const url = new URL(compareUrl, window.location.href);
  return url.pathname + compareQuery({ refs: parseCompareView(url.search).refs, align: 'clock', layout: 'hosts' });
}

export function UploadPage() {
  const [maxBytes, setMaxBytes] = useState<number>(DEFAULT_MAX_UPLOAD_BYTES);
  // Several files (up to MAX_UPLOAD_FILES) are uploaded together and open the compare page.
  const [files, setFiles] = useState<File[]>([]);
  const file = files[0] ?? null;
  const names = files.map((f) => f.name).join(', ');
  const totalSize = files.reduce((n, f) => n + f.size, 0);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [dragging, setDragging] = useState(false);
  // Several files: one test before and after (the compare page's default overlay), or the hosts of one test
  // recorded at once (align=clock&layout=hosts).
  const [several, setSeveral] = useState<'before-after' | 'hosts'>('before-after');
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<Upload | null>(null);
  const busy = phase.step === 'sending' || phase.step === 'reading' || phase.step === 'done';
  const t = useT();

  useEffect(() => {
    document.title = `${t.uploadTitle} · dstatview`;
    const controller = new AbortController();
    getConfig(controller.signal)
      .then((c) => {
        if (Number.isFinite(c.maxUploadBytes) && c.maxUploadBytes > 0) setMaxBytes(c.maxUploadBytes);
      })
      // Without the config the default limit is shown; the server still enforces its own (413).
      .catch(() => undefined);
    return () => {
      controller.abort();
      uploadRef.current?.abort();
    };
  }, [t]);

  /** What the server would refuse at once, said before uploading. */
  const check = (f: File): Problem | null => {
    if (f.size > maxBytes) {
      return { title: t.tooLarge(f.name), message: t.tooLargeText(formatBytes(f.size), formatBytes(maxBytes)) };
    }
    if (f.size === 0) return { title: t.empty(f.name), message: t.emptyText };
    return null;
  };

  /** The first file the server would refuse, said before uploading. */
  const checkAll = (fs: readonly File[]): Problem | null => {
    for (const f of fs) {
      const problem = check(f);
      if (problem) return problem;
    }
    return null;
  };

  /** Take the picked or dropped files (the first MAX_UPLOAD_FILES). */
  const choose = (list: FileList | null | undefined) => {
    if (busy || !list || list.length === 0) return;
    const fs = Array.from(list).slice(0, MAX_UPLOAD_FILES);
    setFiles(fs);
    setPhase({ step: 'idle' });
    setProblem(checkAll(fs));
  };

  // A file dropped anywhere on the page is taken (and never opened by the browser in place of the app).
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: globalThis.DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const over = (e: globalThis.DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const enter = (e: globalThis.DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (e: globalThis.DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      chooseRef.current(e.dataTransfer?.files);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);
  const chooseRef = useRef(choose);
  chooseRef.current = choose;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file || busy) return;
    const refused = checkAll(files);
    setProblem(refused);
    if (refused) return;
    setPhase({ step: 'sending', loaded: 0, total: totalSize });
    const upload = uploadReport(
      files,
      {
        onProgress: (loaded, total) => setPhase({ step: 'sending', loaded, total }),
        onSent: () => setPhase({ step: 'reading' }),
      },
      maxBytes,
    );
    uploadRef.current = upload;
    upload.promise.then(
      (created) => {
        uploadRef.current = null;
        rememberDeleteToken(created.id, created.deleteToken);
        setPhase({ step: 'done' });
        navigate(created.compareUrl ? compareOpening(created.compareUrl, several) : created.url);
      },
      (err: unknown) => {
        uploadRef.current = null;
        setPhase({ step: 'idle' });
        if (err instanceof ApiFailure && err.kind === 'aborted') {
          setProblem(null);
          return;
        }
        setProblem({
          title: t.couldNotGraph(names),
          message: err instanceof Error ? err.message : t.uploadFailed,
          ...(err instanceof ApiFailure ? { failure: err } : {}),
        });
      },
    );
  };

  const percent = phase.step === 'sending' && phase.total > 0 ? Math.min(100, Math.round((phase.loaded / phase.total) * 100)) : 0;

  return (
    <main id="main" className="page narrow upload-page">
      <h1>{t.uploadHeading}</h1>
      <p className="lead">
        {t.uploadLead1}
        <code>dstat --output</code>
        {t.uploadLead2}
      </p>

      <form className="upload-form" onSubmit={submit} aria-describedby="upload-hint">
        <label htmlFor="file-input" className="visually-hidden">
          {t.fileLabel}
        </label>
        <input
          ref={inputRef}
          id="file-input"
          name="file"
          type="file"
          multiple
          accept=".csv,.gz,text/csv,text/plain,application/gzip"
          className="visually-hidden"
          tabIndex={-1}
          disabled={busy}
          onChange={(e) => {
            choose(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        <button
          type="button"
          className={`drop-zone${dragging ? ' dragging' : ''}${file ? ' has-file' : ''}`}
          onClick={() => inputRef.current?.click()}
          onDragOver={(e: DragEvent) => e.preventDefault()}
          disabled={busy}
          aria-describedby="upload-hint"
        >
          {file ? (
            <>
              <span className="drop-title">{names}</span>
              <span className="drop-sub">
                {formatBytes(totalSize)} · {t.chooseAnother}
              </span>
            </>
          ) : (
            <>
              <span className="drop-title">{t.chooseFile}</span>
              <span className="drop-sub">{t.orDrop}</span>
            </>
          )}
        </button>
        <p id="upload-hint" className="hint">
          {t.filesUpTo(formatBytes(maxBytes))}
          <code>{SUGGESTED}</code>
        </p>

        {files.length > 1 && (
          <fieldset className="several-files" data-several="">
            <legend>{t.severalAre}</legend>
            <label>
              <input type="radio" name="several" value="before-after" checked={several === 'before-after'} disabled={busy} onChange={() => setSeveral('before-after')} />{' '}
              {t.severalBeforeAfter}
            </label>
            <label>
              <input type="radio" name="several" value="hosts" checked={several === 'hosts'} disabled={busy} onChange={() => setSeveral('hosts')} />{' '}
              {t.severalHosts}
            </label>
          </fieldset>
        )}

        <div className="actions">
          <button type="submit" className="primary" disabled={!file || busy || checkAll(files) !== null}>
            {t.upload}
          </button>
          {(phase.step === 'sending' || phase.step === 'reading') && (
            <button type="button" onClick={() => uploadRef.current?.abort()}>
              {t.cancel}
            </button>
          )}
        </div>

        {phase.step === 'sending' && (
          <div className="progress-row">
            <label htmlFor="upload-progress">
              {t.uploading(names, percent, formatBytes(Math.min(phase.loaded, phase.total)), formatBytes(phase.total))}
            </label>
            <progress id="upload-progress" max={phase.total || 1} value={Math.min(phase.loaded, phase.total)}>
              {percent} %
            </progress>
          </div>
        )}
        {(phase.step === 'reading' || phase.step === 'done') && (
          <div className="progress-row">
            <label htmlFor="upload-progress">
              {phase.step === 'reading' ? t.reading : t.opening}
            </label>
            <progress id="upload-progress" />
          </div>
        )}
      </form>

      <div className="alert-region" role="alert">
        {problem && (
          <div className="notice error">
            <p className="notice-title">{problem.title}</p>
            <FailureMessage message={problem.message} failure={problem.failure} />
          </div>
        )}
      </div>
    </main>
  );
}
