package biz

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"path"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Demo media of the education service's demo courses (h-training): generated
// here, so no media file sits in the repository. The names follow namePattern.
const (
	DemoCourseAudio = "ed0c0000000000000000000000000001.wav"
	DemoCourseText  = "ed0c0000000000000000000000000002.txt"
)

// DemoTone is a WAV file of seconds of a soft 440 Hz tone (8 kHz, 8-bit mono).
func DemoTone(seconds int) []byte {
	const rate = 8000
	n := rate * seconds
	var b bytes.Buffer
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(36+n))
	b.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(1), uint32(rate), uint32(rate), uint16(1), uint16(8)} {
		_ = binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, uint32(n))
	for i := range n {
		b.WriteByte(byte(128 + 20*math.Sin(2*math.Pi*440*float64(i)/rate)))
	}
	return b.Bytes()
}

const demoText = `危险化学品安全技术说明书(SDS)阅读要点

1. SDS 共 16 部分:化学品及企业标识、危险性概述、成分/组成信息、急救措施、消防措施、泄漏应急处理、操作处置与储存、接触控制/个体防护、理化特性、稳定性和反应性、毒理学信息、生态学信息、废弃处置、运输信息、法规信息、其他信息。
2. 上岗前应读懂本岗位接触的每一种危险化学品的危险性、防护要求和急救措施。
3. 泄漏时先切断泄漏源,疏散无关人员并设置警戒,穿戴相应防护用品,禁止用铁器敲击阀门。
`

// SeedDemo stores the demo course media for a tenant once (a file of the name
// already there is kept).
func (r *Resource) SeedDemo(ctx context.Context, tenant string) error {
	ctx = ident.ForTenant(ctx, tenant)
	for name, content := range map[string][]byte{DemoCourseAudio: DemoTone(300), DemoCourseText: []byte(demoText)} {
		if _, err := r.find(ctx, name); err == nil {
			continue
		} else if !errs.IsNotFound(err) {
			return err
		}
		ext := path.Ext(name)[1:]
		f := &File{Name: name, OriginalName: "演示课程." + ext, Ext: ext, ContentType: ContentTypes[ext], Size: int64(len(content))}
		if err := r.Store.Put(ctx, key(tenant, name), bytes.NewReader(content), f.Size, f.ContentType); err != nil {
			return err
		}
		if err := r.Files.Create(ctx, f); err != nil {
			return err
		}
	}
	return nil
}
