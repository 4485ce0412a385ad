/** Language and theme pickers of the site bar (docs/ui-contract.md §6). */
import { setLang, useLang, useT, type Lang } from '../i18n/i18n.js';
import { setThemeChoice, useTheme, type ThemeChoice } from '../theme/theme.js';

export function SiteControls() {
  const lang = useLang();
  const t = useT();
  const { choice } = useTheme();
  return (
    <div className="site-controls">
      <label className="site-control">
        <span className="visually-hidden">{t.theme}</span>
        <span aria-hidden="true" className="site-control-icon">
          ◐
        </span>
        <select aria-label={t.theme} value={choice} onChange={(e) => setThemeChoice(e.target.value as ThemeChoice)}>
          <option value="system">{t.themeSystem}</option>
          <option value="light">{t.themeLight}</option>
          <option value="dark">{t.themeDark}</option>
        </select>
      </label>
      <label className="site-control">
        <span aria-hidden="true" className="site-control-icon">
          文A
        </span>
        <select aria-label="Language / 言語" value={lang} onChange={(e) => setLang(e.target.value as Lang)}>
          <option value="en" lang="en">
            English
          </option>
          <option value="ja" lang="ja">
            日本語
          </option>
        </select>
      </label>
    </div>
  );
}
