export const SUPPORTED_LANGUAGES = ['en', 'fr'];
export const FALLBACK_LANGUAGE = 'en';
