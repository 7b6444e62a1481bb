package biz

import (
	"archive/zip"
	"bytes"
	"strings"
)

// Classes are the accepted extensions by file type class (spec section 5);
// "other" files are refused: an attachment of a safety record is a photo,
// a document, a recording or a video.
var Classes = map[string][]string{
	"image": {"png", "jpg", "jpeg", "bmp", "gif"},
	"txt":   {"txt"},
	"excel": {"xls", "xlsx"},
	"word":  {"doc", "docx"},
	"pdf":   {"pdf"},
	"ppt":   {"ppt"},
	"video": {"mp4", "m2v", "mkv"},
	"audio": {"mp3", "wav", "wmv"},
}

// ClassOf is the class of an extension ("" when not accepted).
func ClassOf(ext string) string {
	for c, exts := range Classes {
		for _, e := range exts {
			if e == ext {
				return c
			}
		}
	}
	return ""
}

// ContentTypes served on preview, by extension.
var ContentTypes = map[string]string{
	"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "bmp": "image/bmp", "gif": "image/gif",
	"txt": "text/plain; charset=utf-8", "xls": "application/vnd.ms-excel",
	"xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	"doc":  "application/msword", "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	"pdf": "application/pdf", "ppt": "application/vnd.ms-powerpoint",
	"mp4": "video/mp4", "m2v": "video/mpeg", "mkv": "video/x-matroska",
	"mp3": "audio/mpeg", "wav": "audio/wav", "wmv": "video/x-ms-wmv",
}

var (
	ole2 = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}
	asf  = []byte{0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11}
)

// Matches reports whether content looks like a file of extension ext, so a
// program renamed to .png or .docx is refused.
func Matches(ext string, b []byte) bool {
	has := bytes.HasPrefix
	switch ext {
	case "png":
		return has(b, []byte("\x89PNG\r\n\x1a\n"))
	case "jpg", "jpeg":
		return has(b, []byte{0xFF, 0xD8, 0xFF})
	case "gif":
		return has(b, []byte("GIF87a")) || has(b, []byte("GIF89a"))
	case "bmp":
		return has(b, []byte("BM")) && len(b) > 26
	case "pdf":
		return has(b, []byte("%PDF-"))
	case "doc", "xls", "ppt":
		return has(b, ole2)
	case "docx":
		return officeZip(b, "word/")
	case "xlsx":
		return officeZip(b, "xl/")
	case "txt":
		return plainText(b)
	case "mp4":
		return len(b) > 12 && string(b[4:8]) == "ftyp"
	case "mkv":
		return has(b, []byte{0x1A, 0x45, 0xDF, 0xA3})
	case "m2v":
		return has(b, []byte{0, 0, 1, 0xB3}) || has(b, []byte{0, 0, 1, 0xBA})
	case "mp3":
		return has(b, []byte("ID3")) || (len(b) > 2 && b[0] == 0xFF && b[1]&0xE0 == 0xE0)
	case "wav":
		return len(b) > 12 && string(b[0:4]) == "RIFF" && string(b[8:12]) == "WAVE"
	case "wmv":
		return has(b, asf)
	}
	return false
}

// officeZip: an Office Open XML file is a zip with [Content_Types].xml and
// the part folder of its kind.
func officeZip(b []byte, folder string) bool {
	if !bytes.HasPrefix(b, []byte("PK\x03\x04")) {
		return false
	}
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return false
	}
	types, part := false, false
	for _, f := range z.File {
		if f.Name == "[Content_Types].xml" {
			types = true
		}
		if strings.HasPrefix(f.Name, folder) {
			part = true
		}
	}
	return types && part
}

// plainText: text (UTF-8, or GB18030 as Chinese plants still write it)
// without control bytes other than whitespace; executables and archives
// carry NULs and other control bytes.
func plainText(b []byte) bool {
	if bytes.IndexByte(b, 0) >= 0 {
		return false
	}
	if has := bytes.HasPrefix; has(b, []byte("MZ")) || has(b, []byte("\x7fELF")) {
		return false
	}
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' {
			return false
		}
	}
	// UTF-8 or not (GB18030 text is not), only the control bytes decide.
	return true
}
