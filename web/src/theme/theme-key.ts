/** Where the user's theme choice is kept (localStorage); read by the page's entry before the app loads. */
export const THEME_STORAGE_KEY = 'dstatview.theme';
