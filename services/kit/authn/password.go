package authn

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"  //nolint:gosec // G501: BladeX-compatible legacy password hash (md5 then sha1), kept for existing accounts
	"crypto/sha1" //nolint:gosec // G505: BladeX-compatible legacy password hash (md5 then sha1), kept for existing accounts
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"

	"golang.org/x/crypto/bcrypt"
)

// ErrCipher: the password parameter is not valid transport ciphertext.
var ErrCipher = errors.New("password: bad ciphertext")

// DecryptTransport reads the web client's password format: AES-128-CBC,
// PKCS7 padding, IV equal to the key, base64. It is a transport format, not
// security: TLS protects the wire.
func DecryptTransport(key, b64 string) (string, error) {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(b64))
	if err != nil || len(raw) == 0 || len(raw)%aes.BlockSize != 0 {
		return "", ErrCipher
	}
	blk, err := aes.NewCipher([]byte(key))
	if err != nil {
		return "", err
	}
	out := make([]byte, len(raw))
	cipher.NewCBCDecrypter(blk, []byte(key)).CryptBlocks(out, raw)
	n := int(out[len(out)-1])
	if n == 0 || n > aes.BlockSize || n > len(out) || !bytes.Equal(out[len(out)-n:], bytes.Repeat([]byte{byte(n)}, n)) {
		return "", ErrCipher
	}
	return string(out[:len(out)-n]), nil
}

// EncryptTransport is the client side of DecryptTransport (tests, tools).
func EncryptTransport(key, plain string) string {
	blk, _ := aes.NewCipher([]byte(key))
	n := aes.BlockSize - len(plain)%aes.BlockSize
	buf := append([]byte(plain), bytes.Repeat([]byte{byte(n)}, n)...)
	cipher.NewCBCEncrypter(blk, []byte(key)).CryptBlocks(buf, buf)
	return base64.StdEncoding.EncodeToString(buf)
}

// HashCost of bcrypt: slow enough to hurt guessing, fast enough for logins.
var HashCost = 10

// Hash stores a password with bcrypt.
func Hash(plain string) (string, error) {
	b, err := bcrypt.GenerateFromPassword([]byte(plain), HashCost)
	return string(b), err
}

// LegacyHash is the Blade stored form sha1_hex(md5_hex(password)).
func LegacyHash(plain string) string {
	m := md5.Sum([]byte(plain))                     //nolint:gosec // G401: BladeX-compatible legacy password hash, kept for existing accounts
	s := sha1.Sum([]byte(hex.EncodeToString(m[:]))) //nolint:gosec // G401: BladeX-compatible legacy password hash, kept for existing accounts
	return hex.EncodeToString(s[:])
}

// Check compares a password with a stored hash; legacy reports that the
// stored hash is the Blade form and should be upgraded.
func Check(stored, plain string) (ok, legacy bool) {
	if strings.HasPrefix(stored, "$2") {
		return bcrypt.CompareHashAndPassword([]byte(stored), []byte(plain)) == nil, false
	}
	if len(stored) == 40 {
		return subtle.ConstantTimeCompare([]byte(stored), []byte(LegacyHash(plain))) == 1, true
	}
	return false, false
}
