// `node --import ./register.mjs …`: appends the URL and format of every module the process loads to the
// file named by MODULE_LOG, one `format url` a line (module-log test: what a CLI command loads).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
