/**
 * Internal: the canonical form of tool arguments, which the idempotency key and the journal's
 * argument hash are made from; no compatibility promise. Written by the executor from an argument
 * tree, and by bound calls from their typed values, properties in sorted order; both
 * spell every value alike. Depends on nothing of Idem, so the tool package and the binders can
 * both build on it.
 *
 * <p>Entry types: {@link dev.idem.internal.canonical.CanonicalWriter},
 * {@link dev.idem.internal.canonical.CanonicalWriter.CanonicalArguments}.
 *
 * <pre>{@code
 * CanonicalWriter out = new CanonicalWriter();
 * out.json(arguments);                 // {"cents":500,"key":"a@b.c"}
 * }</pre>
 */
package dev.idem.internal.canonical;
