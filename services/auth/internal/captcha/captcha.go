// Package captcha draws the login captcha: four characters on a noisy PNG,
// with no font files and no network (a small built-in bitmap font).
package captcha

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"math/big"
)

// Alphabet avoids look-alikes (0/O, 1/I/l).
const Alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// glyphs: 5x7 bitmaps, one string of 35 bits per character.
var glyphs = map[byte]string{
	'2': "01110100010000100010001000100011111", '3': "11110000010000101110000010000111110",
	'4': "00010001100101010010111110001000010", '5': "11111100001111000001000011000101110",
	'6': "00110010001000011110100011000101110", '7': "11111000010001000100010000100001000",
	'8': "01110100011000101110100011000101110", '9': "01110100011000101111000010001001100",
	'A': "01110100011000111111100011000110001", 'B': "11110100011000111110100011000111110",
	'C': "01110100011000010000100001000101110", 'D': "11100100101000110001100011001011100",
	'E': "11111100001000011110100001000011111", 'F': "11111100001000011110100001000010000",
	'G': "01110100011000010111100011000101111", 'H': "10001100011000111111100011000110001",
	'J': "00111000100001000010000101001001100", 'K': "10001100101010011000101001001010001",
	'L': "10000100001000010000100001000011111", 'M': "10001110111010110101100011000110001",
	'N': "10001110011010110011100011000110001", 'P': "11110100011000111110100001000010000",
	'Q': "01110100011000110001101011001001101", 'R': "11110100011000111110101001001010001",
	'S': "01111100001000001110000010000111110", 'T': "11111001000010000100001000010000100",
	'U': "10001100011000110001100011000101110", 'V': "10001100011000110001100010101000100",
	'W': "10001100011000110101101011010101010", 'X': "10001100010101000100010101000110001",
	'Y': "10001100010101000100001000010000100", 'Z': "11111000010001000100010001000011111",
}

func rnd(n int) int {
	// rand.Int fails only when the reader does, and crypto/rand.Reader never
	// returns an error (Go 1.24+ aborts instead); n is always positive here.
	v, _ := rand.Int(rand.Reader, big.NewInt(int64(n)))
	return int(v.Int64())
}

// Code returns n random characters.
func Code(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = Alphabet[rnd(len(Alphabet))]
	}
	return string(b)
}

// Image renders code as a PNG data URL.
func Image(code string) (string, error) {
	const w, h, scale = 120, 40, 4
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	bg := color.RGBA{245, 247, 250, 255}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, bg)
		}
	}
	for i := 0; i < 160; i++ { // speckle noise
		img.Set(rnd(w), rnd(h), color.RGBA{uint8(120 + rnd(120)), uint8(120 + rnd(120)), uint8(120 + rnd(120)), 255})
	}
	for i := 0; i < len(code); i++ {
		g := glyphs[code[i]]
		ink := color.RGBA{uint8(20 + rnd(80)), uint8(40 + rnd(80)), uint8(100 + rnd(120)), 255}
		ox, oy := 8+i*28+rnd(4), 4+rnd(6)
		for by := 0; by < 7; by++ {
			for bx := 0; bx < 5; bx++ {
				if len(g) == 35 && g[by*5+bx] == '1' {
					for dy := 0; dy < scale; dy++ {
						for dx := 0; dx < scale; dx++ {
							img.Set(ox+bx*scale+dx+by/3, oy+by*scale+dy, ink)
						}
					}
				}
			}
		}
	}
	for i := 0; i < 3; i++ { // interference lines
		c := color.RGBA{uint8(rnd(200)), uint8(rnd(200)), uint8(rnd(200)), 255}
		y0, y1 := rnd(h), rnd(h)
		for x := 0; x < w; x++ {
			img.Set(x, y0+(y1-y0)*x/w, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", err
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}
