// Package captcha makes the login captcha: four characters drawn by
// mojocn/base64Captcha in distorted TrueType fonts (embedded in the
// library: no font files, no network) over curves and noise characters,
// which defeats off-the-shelf OCR better than a clean bitmap font.
package captcha

import (
	"crypto/rand"
	"math/big"

	"github.com/mojocn/base64Captcha"
)

// Alphabet avoids look-alikes (0/O, 1/I/l).
const Alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// driver draws a 120x40 PNG, the size the login page lays out: hollow,
// slime and sine curves, four noise characters, in three of the library's
// fonts that stay legible to people. The library parses its embedded fonts
// (a CJK one among them) in its own package init, about 6 MB of heap in
// every process that links auth; building this driver lazily would not
// avoid that, so it is built here like the library expects.
var driver = base64Captcha.NewDriverString(40, 120, 4,
	base64Captcha.OptionShowHollowLine|base64Captcha.OptionShowSlimeLine|base64Captcha.OptionShowSineLine,
	4, Alphabet, nil, nil, []string{"actionj.ttf", "chromohv.ttf", "Comismsh.ttf"})

func rnd(n int) int {
	// rand.Int fails only when the reader does, and crypto/rand.Reader never
	// returns an error (Go 1.24+ aborts instead); n is always positive here.
	v, _ := rand.Int(rand.Reader, big.NewInt(int64(n)))
	return int(v.Int64())
}

// Code returns n random characters, from crypto/rand (the library's own
// codes come from math/rand; the answer must not be predictable).
func Code(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = Alphabet[rnd(len(Alphabet))]
	}
	return string(b)
}

// Image renders code as a PNG data URL.
func Image(code string) (string, error) {
	item, err := driver.DrawCaptcha(code)
	if err != nil {
		return "", err
	}
	return item.EncodeB64string(), nil
}
