export { IdCardInstallLink } from './id-card-install-link';
