export const SUPPORTED_LANGUAGES = ['en', 'fr', 'de'];
export const FALLBACK_LANGUAGE = 'en';
