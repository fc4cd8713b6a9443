// The screens' date format is the server's too (processed HTML and PDF): one definition in src/shared.
export { formatEmailDate } from '../../shared/formatEmailDate';
