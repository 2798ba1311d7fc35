export { default, loader, meta } from './_app.dashboard';
