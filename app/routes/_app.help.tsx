export { default, meta } from './_app.dashboard';
