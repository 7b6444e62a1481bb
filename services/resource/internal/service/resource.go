// Package service is blade-resource's transport layer.
package service

import (
	"context"
	"io"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/iox"
	"anquan/kit/server"
	"anquan/kit/timefmt"
	pb "anquan/proto/blade/resource/v1"
	"anquan/resource/internal/biz"
)

// Resource serves ResourceService and ResourceInternal.
type Resource struct {
	pb.UnimplementedResourceServiceServer
	uc *biz.Resource
}

// Internal serves ResourceInternal.
type Internal struct {
	pb.UnimplementedResourceInternalServer
	uc *biz.Resource
}

// New binds the handlers to the use cases.
func New(uc *biz.Resource) (*Resource, *Internal) { return &Resource{uc: uc}, &Internal{uc: uc} }

// Link is the preview path of a stored name.
func Link(name string) string { return "/api/upload/preview/" + name }

// ChunkSize is the content carried by one download message.
const ChunkSize = 256 << 10

func stored(f *biz.File) *pb.StoredFile {
	return &pb.StoredFile{Name: f.Name, Link: Link(f.Name), OriginalName: f.OriginalName, Size: f.Size, ContentType: f.ContentType, CreateTime: timefmt.Format(f.CreateTime)}
}

// PutFile reads the meta message, then hands the chunks to the use case
// as one stream; the stream's half-close is the end of the file.
func (s *Resource) PutFile(st pb.ResourceService_PutFileServer) error {
	first, err := st.Recv()
	if err == io.EOF {
		return errs.BadRequest("缺少上传文件")
	}
	if err != nil {
		return err
	}
	meta := first.GetMeta()
	if meta == nil {
		return errs.BadRequest("上传须先发送文件信息")
	}
	size := meta.Size
	if size == 0 {
		size = -1
	}
	f, err := s.uc.PutStream(st.Context(), meta.OriginalName, size, &chunks{st: st})
	if err != nil {
		return err
	}
	return st.SendAndClose(stored(f))
}

// chunks reads the content of an upload stream: io.EOF at the client's
// half-close, the stream's error when it broke (so nothing is stored).
type chunks struct {
	st  pb.ResourceService_PutFileServer
	buf []byte
}

func (c *chunks) Read(p []byte) (int, error) {
	for len(c.buf) == 0 {
		m, err := c.st.Recv()
		if err != nil {
			return 0, err
		}
		if m.GetMeta() != nil {
			return 0, errs.BadRequest("文件信息只能在第一条消息中发送")
		}
		c.buf = m.GetChunk()
	}
	n := copy(p, c.buf)
	c.buf = c.buf[n:]
	return n, nil
}

// PreviewFile sends the file's description, then its content in chunks of
// ChunkSize (a fresh buffer each: a sent message is not to be modified, a
// stats handler may still read it).
func (s *Resource) PreviewFile(r *pb.FileName, st pb.ResourceService_PreviewFileServer) error {
	f, rc, err := s.uc.Open(st.Context(), r.FileName)
	if err != nil {
		return err
	}
	defer func() { _ = rc.Close() }() // read-only stream
	if err := st.Send(&pb.FileChunk{File: stored(f)}); err != nil {
		return err
	}
	for {
		buf := make([]byte, ChunkSize)
		n, err := iox.Fill(rc, buf)
		if n > 0 {
			if err := st.Send(&pb.FileChunk{Data: buf[:n]}); err != nil {
				return err
			}
		}
		if err == io.EOF { // a cut storage read is an error, not a shorter file
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func (s *Resource) RemoveFile(ctx context.Context, r *pb.FileName) (*wrapperspb.BoolValue, error) {
	return wrapperspb.Bool(true), s.uc.Remove(ctx, r.FileName)
}

// Exists answers for the tenant the calling service names (the internal
// credential was checked; the dialer puts the acting user's tenant on the call).
func (s *Internal) Exists(ctx context.Context, r *pb.FileNames) (*pb.FileNames, error) {
	ctx, err := server.Acting(ctx, nil)
	if err != nil {
		return nil, err
	}
	names, err := s.uc.Exists(ctx, r.Names)
	if err != nil {
		return nil, err
	}
	return &pb.FileNames{Names: names}, nil
}
