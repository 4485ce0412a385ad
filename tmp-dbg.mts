import { readFileSync } from 'node:fs';
import { startServer } from './test/helpers/server.js';
const s = await startServer({});
try {
  const form = new FormData();
  for (const name of ['d072_tfvnrl.csv', 'dool134_tfvnrl.csv']) form.append('file', new Blob([readFileSync('test/fixtures/' + name)], { type: 'text/csv' }), name);
  const res = await fetch(`${s.url}/api/reports`, { method: 'POST', body: form });
  console.log(res.status, (await res.text()).slice(0, 300));
} catch (e) { console.log('ERR', e); } finally { await s.stop(); }
