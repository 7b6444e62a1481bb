// Package authn issues and verifies access tokens (Ed25519-signed JWTs that
// every service verifies offline), reads the password transport format and
// hashes passwords.
package authn

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"anquan/kit/conf"
)

// Keys are the token signing key pair; Private is nil where only verification happens.
type Keys struct {
	Private ed25519.PrivateKey
	Public  ed25519.PublicKey
	// Previous verify tokens signed before a key rotation (never sign).
	Previous []ed25519.PublicKey
}

// LoadKeys reads the configured PEM files, or generates a pair under
// Data/keys on first start when none is configured.
func LoadKeys(c *conf.Config) (*Keys, error) {
	priv, pub := c.Security.JWTPrivateKey, c.Security.JWTPublicKey
	if priv == "" && pub == "" {
		priv = c.Path("keys", "jwt_ed25519.pem")
		pub = c.Path("keys", "jwt_ed25519.pub.pem")
		if _, err := os.Stat(priv); errors.Is(err, os.ErrNotExist) {
			if err := generate(priv, pub); err != nil {
				return nil, err
			}
		}
	}
	k := &Keys{}
	if priv != "" {
		b, err := os.ReadFile(priv) //nolint:gosec // G304: key path comes from operator configuration
		if err != nil {
			return nil, fmt.Errorf("read jwt private key: %w", err)
		}
		blk, _ := pem.Decode(b)
		if blk == nil {
			return nil, errors.New("jwt private key: not PEM")
		}
		key, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
		if err != nil {
			return nil, fmt.Errorf("jwt private key: %w", err)
		}
		ek, ok := key.(ed25519.PrivateKey)
		if !ok {
			return nil, errors.New("jwt private key: not Ed25519")
		}
		k.Private = ek
		k.Public = ek.Public().(ed25519.PublicKey)
	}
	if pub != "" && k.Public == nil {
		ek, err := readPublic(pub)
		if err != nil {
			return nil, err
		}
		k.Public = ek
	}
	for _, p := range c.Security.JWTPreviousPublicKeys {
		ek, err := readPublic(p)
		if err != nil {
			return nil, fmt.Errorf("previous %w", err)
		}
		k.Previous = append(k.Previous, ek)
	}
	return k, nil
}

// readPublic reads an Ed25519 public key from a PEM (PKIX) file.
func readPublic(path string) (ed25519.PublicKey, error) {
	b, err := os.ReadFile(path) //nolint:gosec // G304: key path comes from operator configuration
	if err != nil {
		return nil, fmt.Errorf("read jwt public key: %w", err)
	}
	blk, _ := pem.Decode(b)
	if blk == nil {
		return nil, fmt.Errorf("jwt public key %s: not PEM", path)
	}
	key, err := x509.ParsePKIXPublicKey(blk.Bytes)
	if err != nil {
		return nil, fmt.Errorf("jwt public key %s: %w", path, err)
	}
	ek, ok := key.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("jwt public key %s: not Ed25519", path)
	}
	return ek, nil
}

func generate(privPath, pubPath string) error {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(privPath), 0o700); err != nil {
		return err
	}
	pb, _ := x509.MarshalPKCS8PrivateKey(priv)
	if err := os.WriteFile(privPath, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pb}), 0o600); err != nil {
		return err
	}
	ub, _ := x509.MarshalPKIXPublicKey(pub)
	return os.WriteFile(pubPath, pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: ub}), 0o644) //nolint:gosec // G306: a public key, meant to be world-readable
}

// InternalSecret returns the configured service-to-service secret, or one
// generated under Data/keys on first start.
func InternalSecret(c *conf.Config) (string, error) {
	if c.Security.InternalSecret != "" {
		return c.Security.InternalSecret, nil
	}
	p := c.Path("keys", "internal.secret")
	if b, err := os.ReadFile(p); err == nil { //nolint:gosec // G304: key path comes from operator configuration
		return strings.TrimSpace(string(b)), nil
	}
	buf := make([]byte, 32)
	if _, err := rand.Read(buf); err != nil {
		return "", err
	}
	s := hex.EncodeToString(buf)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return "", err
	}
	return s, os.WriteFile(p, []byte(s), 0o600)
}
