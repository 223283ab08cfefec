/** Test stand-in for @theme/Loading: nothing while a route's chunks load. */
export default function Loading(): null {
  return null;
}
