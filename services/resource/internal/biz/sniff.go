package biz

import (
	"github.com/gabriel-vasile/mimetype"
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

// ole is the compound file container of the Office 97-2003 formats: mimetype
// names the kind (Word, Excel, PowerPoint) when the file says so and stays at
// the container when it does not, which old writers often leave out.
const ole = "application/x-ole-storage"

// sniffed are the types mimetype may detect in a genuine file of each
// extension (names or their aliases). Anything else, a program above all
// (MZ, ELF, Mach-O are detected before text), is refused.
var sniffed = map[string][]string{
	"png":  {"image/png", "image/apng"},
	"jpg":  {"image/jpeg"},
	"jpeg": {"image/jpeg"},
	"gif":  {"image/gif"},
	"bmp":  {"image/bmp"},
	"pdf":  {"application/pdf"},
	"doc":  {"application/msword", ole},
	"xls":  {"application/vnd.ms-excel", ole},
	"ppt":  {"application/vnd.ms-powerpoint", ole},
	"docx": {"application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
	"xlsx": {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
	// Phones and cameras write several ISO-BMFF brands under .mp4.
	"mp4": {"video/mp4", "audio/mp4", "video/x-m4v", "audio/x-m4a", "video/3gpp", "video/3gpp2", "video/quicktime"},
	"mkv": {"video/matroska", "video/webm"},
	"m2v": {"video/mpeg"},
	"mp3": {"audio/mpeg"},
	"wav": {"audio/wav"},
	"wmv": {"video/x-ms-asf"},
}

func init() {
	// mimetype reads 3 KB by default; an Office Open XML file may hold its
	// word/ or xl/ part after larger entries (thumbnails, custom XML). An
	// upload's first SniffLimit bytes are read before the rest is streamed
	// to storage, and the checks are linear scans.
	mimetype.SetLimit(SniffLimit)
}

// Matches reports whether content looks like a file of extension ext, so a
// program renamed to .png or .docx is refused.
func Matches(ext string, b []byte) bool {
	m := mimetype.Detect(b)
	if ext == "txt" {
		// Text of any kind (UTF-8, GB18030 as Chinese plants still write it,
		// or text that happens to be HTML or JSON: it is served as text/plain)
		// is text/plain or below it in mimetype's tree; binary data bytes
		// (control characters other than whitespace) are not.
		for ; m != nil; m = m.Parent() {
			if m.Is("text/plain") {
				return true
			}
		}
		return false
	}
	for _, want := range sniffed[ext] {
		if m.Is(want) {
			return true
		}
	}
	return false
}
