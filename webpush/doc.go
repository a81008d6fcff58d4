// Package webpush sends Web Push messages with nothing but the standard
// library: the payload encrypted for one browser as RFC 8291 specifies
// (the aes128gcm content coding of RFC 8188, keys agreed over P-256 and
// derived with HKDF), and the request signed for the push service with a
// VAPID token (RFC 8292), so that the service knows which server sends and
// the browser's subscription accepts only this server's messages.
//
// A push service relays bytes it cannot read: the browser alone holds the
// private key its subscription names. Decrypt is the browser's side, kept
// here so that tests (and a push service a test runs) can check what a
// browser would read.
package webpush
