/**
 * The server's error codes (shared/api/error-codes.ts) in the UI's language. The server's `message` is
 * English and says exactly what and where ("line 3: …"); a Japanese page shows its own sentence for the
 * code and keeps the server's English below it as the detail. Every code has a text (the Record type makes
 * a new code without one a type error).
 */
import type { ApiErrorCode } from '../../../shared/api/error-codes.js';
import { API_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { MESSAGES, type Lang } from './messages.js';

const JA: Readonly<Record<ApiErrorCode, string>> = {
  NOT_DSTAT: 'dstat のログではありません (dstat --output で書き出した CSV を選んでください)。',
  EMPTY_FILE: 'ファイルが空です。',
  NO_DATA_ROWS: 'ヘッダーはありますが、データの行がありません。',
  ROWS_MISALIGNED: 'ほとんどの行の列数がヘッダーと合いません (値が別の列に入ってしまうため読み取れません)。',
  BINARY_FILE: 'テキストファイルではありません (画像や圧縮ファイルのようです)。',
  TOO_LARGE: 'ファイルが大きすぎて読み取れません。',
  BAD_GZIP: 'gzip ファイルが壊れていて展開できません。',
  PARSE_FAILED: 'ファイルの読み取り中に問題が起きました。このファイルを添えて報告していただけると助かります。',
  PARSE_TIMEOUT: 'ファイルの読み取りに時間がかかりすぎたため中止しました (理由は下の英文のとおりです)。',
  FILE_TOO_LARGE: 'ファイルがこのサーバーの上限を超えています。',
  DECOMPRESSED_TOO_LARGE: 'gzip を展開した CSV がこのサーバーの上限を超えています。',
  TOO_MANY_PARTS: '一度に送れるファイルは 1 つです。',
  HEADERS_TOO_LARGE: 'リクエストのヘッダーが大きすぎます。',
  REQUEST_TIMEOUT: 'リクエストが時間内に届きませんでした。もう一度お試しください。',
  TOKEN_REQUIRED: 'このサーバーではトークンが必要です。',
  TOKEN_REJECTED: 'トークンが正しくありません。',
  LIVE_OFFSET_MISMATCH: 'ライブレポートに送られた行の位置がサーバーの持つ位置と合いません。',
  LIVE_FINISHED: 'このライブレポートはすでに終了しています。',
  TOO_MANY_UPLOADS: 'アップロードが多すぎます。少し待ってからもう一度お試しください。',
  TOO_MANY_REQUESTS: 'このアドレスからの処理待ちのリクエストが多すぎます。少し待ってからもう一度お試しください。',
  UNSUPPORTED_MEDIA_TYPE: 'この形式の送信は受け付けていません (ファイルを選んでアップロードしてください)。',
  MISSING_FILE: 'ファイルが送られていません。',
  MALFORMED_MULTIPART: 'アップロードのデータが壊れています。もう一度お試しください。',
  BAD_REQUEST: 'リクエストが正しくありません。',
  REPORT_NOT_FOUND: 'レポートが見つかりません。',
  NOT_FOUND: 'このアドレスには何もありません。',
  WEB_APP_NOT_BUILT: 'このサーバーには画面がビルドされていません (API のみ)。',
  SERVER_BUSY: 'サーバーが混み合っています。数秒後にもう一度お試しください。',
  PARSER_UNAVAILABLE: 'ファイルを読み取る処理を今は使えません。数秒後にもう一度お試しください。',
  STORAGE_UNAVAILABLE: 'サーバーの保存先に今は書き込めません。しばらくしてからもう一度お試しください。',
  TASK_TIMEOUT: 'サーバーでの処理に時間がかかりすぎたため中止しました。しばらくしてからもう一度お試しください。',
  EXPORTS_BUSY: 'サーバーは他のエクスポートを作成中です。数秒後にもう一度お試しください。',
  INSUFFICIENT_STORAGE: 'サーバーの保存領域がいっぱいです。管理者に連絡してください。',
  INTERNAL_ERROR: 'サーバーで問題が起きました。しばらくしてからもう一度お試しください。',
};

/** Failures that reach the page without a server code (no answer, or an answer that is not the API's). */
const JA_KINDS: Readonly<Record<string, string>> = {
  network: 'サーバーに接続できませんでした。接続を確かめて、もう一度お試しください。',
  'bad-response': 'サーバーから想定外の応答がありました。',
  http: 'サーバーがリクエストを受け付けませんでした。',
};

const TEXT: Readonly<Record<Exclude<Lang, 'en'>, Readonly<Record<ApiErrorCode, string>>>> = { ja: JA };

function isCode(code: string): code is ApiErrorCode {
  return (API_ERROR_CODES as readonly string[]).includes(code);
}

export interface FailureText {
  /** What to say, in the page's language. */
  message: string;
  /** The server's own words (English), when `message` is a translation of them. */
  detail: string | null;
}

/**
 * The words for a failure: in English the server's message as it is; in another language the text of its
 * code (or of its kind, for network trouble) with the server's English as the detail.
 */
export function failureText(lang: Lang, failure: { code?: string; kind?: string; message: string; line?: number | undefined }): FailureText {
  if (lang === 'en') return { message: failure.message, detail: null };
  const code = failure.code ?? '';
  const text = isCode(code) ? TEXT[lang][code] : failure.kind !== undefined ? JA_KINDS[failure.kind] : undefined;
  if (text === undefined) return { message: failure.message, detail: null };
  const where = failure.line !== undefined ? MESSAGES[lang].lineN(failure.line) : '';
  return { message: where + text, detail: failure.message };
}
