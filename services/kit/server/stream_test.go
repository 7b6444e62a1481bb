package server

import (
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"anquan/kit/authn"
	"anquan/kit/cache"
	"anquan/kit/conf"
	"anquan/kit/errs"
	"anquan/kit/ident"
	resourcev1 "anquan/proto/blade/resource/v1"
)

// files is a streaming service that reports who called and what it read.
type files struct {
	resourcev1.UnimplementedResourceServiceServer
}

func (files) PutFile(st resourcev1.ResourceService_PutFileServer) error {
	id := ident.From(st.Context())
	if id == nil {
		return errs.Unauthorized("")
	}
	var n int64
	for {
		m, err := st.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if m.GetMeta().GetOriginalName() == "panic.png" {
			panic("boom")
		}
		n += int64(len(m.GetChunk()))
	}
	return st.SendAndClose(&resourcev1.StoredFile{Name: id.TenantID, Size: n})
}

func (files) PreviewFile(r *resourcev1.FileName, st resourcev1.ResourceService_PreviewFileServer) error {
	id := ident.From(st.Context())
	if id == nil {
		return errs.Unauthorized("")
	}
	return st.Send(&resourcev1.FileChunk{File: &resourcev1.StoredFile{Name: id.TenantID, OriginalName: r.FileName}})
}

// TestStreamsPassTheSameChecksAsUnaryCalls: kratos middleware does not run
// on streams, so the stream interceptors must: no token, a revoked token or
// a refused permission ends a stream before its handler; the handler sees
// the caller's identity; every received message is validated; a panic is
// Internal, not a crash.
func TestStreamsPassTheSameChecksAsUnaryCalls(t *testing.T) {
	for _, via := range []string{"network", "local"} {
		t.Run(via, func(t *testing.T) { testStreamChecks(t, via) })
	}
}

func testStreamChecks(t *testing.T, via string) {
	c := conf.Default()
	c.Data = t.TempDir()
	keys, err := authn.LoadKeys(c)
	if err != nil {
		t.Fatal(err)
	}
	signer, _ := authn.NewSigner(keys)
	tok, _, err := signer.Sign(authn.Claims{TenantID: "100001", UserID: "7", Family: "fam-s"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	refuse := grpc.UnaryServerInterceptor(func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		if md, _ := metadata.FromIncomingContext(ctx); len(md.Get("x-refuse")) > 0 {
			return nil, errs.Forbidden("")
		}
		return h(ctx, req)
	})
	s, err := NewGRPC("x", "127.0.0.1:0", authn.NewVerifier(keys), cache.NewMemory(), "secret", refuse)
	if err != nil {
		t.Fatal(err)
	}
	resourcev1.RegisterResourceServiceServer(s.Server, files{})
	s.Serve()
	defer s.Stop(context.Background())
	cc, err := grpc.NewClient(s.Addr(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cc.Close() }() // best-effort cleanup in a test
	rc := resourcev1.NewResourceServiceClient(cc)
	if via == "local" {
		s.Local.Open()
		rc = resourcev1.NewResourceServiceClient(s.Local.Channel())
	}
	base, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	signed := metadata.AppendToOutgoingContext(base, MDAuthorization, "Bearer "+tok)

	put := func(ctx context.Context, name string, chunks ...[]byte) (*resourcev1.StoredFile, error) {
		st, err := rc.PutFile(ctx)
		if err != nil {
			return nil, err
		}
		msgs := []*resourcev1.PutFileRequest{{Part: &resourcev1.PutFileRequest_Meta{Meta: &resourcev1.PutFileMeta{OriginalName: name, Size: -1}}}}
		for _, c := range chunks {
			msgs = append(msgs, &resourcev1.PutFileRequest{Part: &resourcev1.PutFileRequest_Chunk{Chunk: c}})
		}
		for _, m := range msgs {
			if err := st.Send(m); err != nil {
				break // the status comes with CloseAndRecv
			}
		}
		return st.CloseAndRecv()
	}

	if _, err := put(base, "a.png", []byte("x")); status.Code(err) != codes.Unauthenticated {
		t.Errorf("upload stream without a token: %v, want Unauthenticated", err)
	}
	if _, err := put(metadata.AppendToOutgoingContext(base, MDAuthorization, "Bearer not-a-token"), "a.png", []byte("x")); status.Code(err) != codes.Unauthenticated {
		t.Errorf("upload stream with a bad token: %v, want Unauthenticated", err)
	}
	if _, err := put(metadata.AppendToOutgoingContext(signed, "x-refuse", "1"), "a.png", []byte("x")); status.Code(err) != codes.PermissionDenied {
		t.Errorf("upload stream the permission interceptor refuses: %v, want PermissionDenied", err)
	}
	f, err := put(signed, "a.png", []byte("abc"), []byte("de"))
	if err != nil || f.Name != "100001" || f.Size != 5 {
		t.Fatalf("upload stream with a token: %v %v", f, err)
	}
	if _, err := put(signed, "a.png", []byte("x"), bytes.Repeat([]byte{1}, 1<<20+1)); status.Code(err) != codes.InvalidArgument || !bytes.Contains([]byte(status.Convert(err).Message()), []byte("chunk")) {
		t.Errorf("a chunk over its bound: %v, want InvalidArgument naming chunk", err)
	}
	if _, err := put(signed, "panic.png"); status.Code(err) != codes.Internal || status.Convert(err).Message() != "服务器异常,请联系管理员" {
		t.Errorf("panic in a stream: %v", err)
	}

	preview := func(ctx context.Context) (*resourcev1.FileChunk, error) {
		st, err := rc.PreviewFile(ctx, &resourcev1.FileName{FileName: "x.png"})
		if err != nil {
			return nil, err
		}
		return st.Recv()
	}
	if _, err := preview(base); status.Code(err) != codes.Unauthenticated {
		t.Errorf("download stream without a token: %v, want Unauthenticated", err)
	}
	if m, err := preview(signed); err != nil || m.GetFile().GetName() != "100001" {
		t.Errorf("download stream with a token: %v %v", m, err)
	}
}
