/** Test stand-in for @theme/NotFound. */
export default function NotFound(): string {
  return 'Page Not Found';
}
