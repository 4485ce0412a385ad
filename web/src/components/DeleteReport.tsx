/**
 * "Delete this report", shown only in the browser that uploaded it (which holds its delete token). Asks
 * first; once deleted, the report is gone for everyone and the upload page opens.
 */
import { useState } from 'react';
import { deleteReport } from '../api/client.js';
import { deleteTokenFor, forgetDeleteToken, rememberDeleted } from '../api/delete-tokens.js';
import { forgetRecent } from '../recent/recent-reports.js';
import { useT } from '../i18n/i18n.js';
import { navigate } from '../router.js';

export function DeleteReport({ id }: { id: string }) {
  const t = useT();
  const [token] = useState(() => deleteTokenFor(id));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!token) return null;

  const remove = () => {
    if (!window.confirm(t.confirmDelete)) return;
    setBusy(true);
    deleteReport(id, token).then(
      () => {
        forgetDeleteToken(id);
        rememberDeleted(id);
        forgetRecent(id);
        navigate('/', { replace: true });
      },
      (err: unknown) => {
        setBusy(false);
        setFailure(err instanceof Error ? err.message : t.deleteFailed);
      },
    );
  };

  return (
    <div className="delete-report" data-testid="delete-report">
      <button type="button" className="danger" onClick={remove} disabled={busy}>
        {t.deleteReport}
      </button>
      {failure && (
        <p className="notice error" role="alert">
          {t.deleteFailed}: {failure}
        </p>
      )}
    </div>
  );
}
