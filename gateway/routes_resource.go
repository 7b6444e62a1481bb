package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	"anquan/kit/ident"
	resourcev1 "anquan/proto/blade/resource/v1"
)

// uploadCap bounds what the gateway reads of one uploaded file: the resource
// service applies the configured limit (storage.maxUpload); this keeps a
// message within the services' gRPC size limit.
const uploadCap = 30 << 20

// blade-resource: attachments (/api/upload). Multipart upload and file
// download are not proto mappings, so they are plain handlers here.
func init() {
	addRoute(Route{
		Service:  "resource",
		Register: func(context.Context, *runtime.ServeMux, grpc.ClientConnInterface) error { return nil },
		HTTP: map[string]func(conn grpc.ClientConnInterface) http.Handler{
			"/api/upload/put-file": func(c grpc.ClientConnInterface) http.Handler {
				return putFile(resourcev1.NewResourceServiceClient(c))
			},
			"/api/upload/preview/": func(c grpc.ClientConnInterface) http.Handler {
				return previewFile(resourcev1.NewResourceServiceClient(c))
			},
			"/api/upload/delete": func(c grpc.ClientConnInterface) http.Handler {
				return removeFile(resourcev1.NewResourceServiceClient(c))
			},
		},
	})
}

// signedIn answers 401 unless the request carried a valid token (header or,
// for <img> tags, ?blade-auth=; authenticate already read both).
func signedIn(w http.ResponseWriter, r *http.Request) bool {
	if ident.From(r.Context()) == nil {
		writeBlade(w, http.StatusUnauthorized, "请求未授权")
		return false
	}
	return true
}

func writeData(w http.ResponseWriter, data any) {
	w.Header().Set("Content-Type", contentTypeJSON)
	_ = json.NewEncoder(w).Encode(map[string]any{"code": 200, "success": true, "data": data, "msg": "操作成功"})
}

func putFile(c resourcev1.ResourceServiceClient) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			writeBlade(w, http.StatusMethodNotAllowed, "请求方法不支持: "+r.Method)
			return
		}
		if !signedIn(w, r) {
			return
		}
		mr, err := r.MultipartReader()
		if err != nil {
			writeBlade(w, http.StatusBadRequest, "请使用 multipart/form-data 上传文件 (字段 file)")
			return
		}
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				writeBlade(w, http.StatusBadRequest, "缺少上传文件 (字段 file)")
				return
			}
			if err != nil {
				uploadReadError(w, err)
				return
			}
			if part.FormName() != "file" {
				continue
			}
			content, err := io.ReadAll(io.LimitReader(part, uploadCap+1))
			if err != nil {
				uploadReadError(w, err)
				return
			}
			if len(content) > uploadCap {
				writeBlade(w, http.StatusRequestEntityTooLarge, "上传文件过大")
				return
			}
			f, err := c.PutFile(OutgoingContext(r), &resourcev1.PutFileRequest{OriginalName: part.FileName(), Content: content})
			if err != nil {
				errorHandler(r.Context(), nil, nil, w, r, err)
				return
			}
			writeData(w, map[string]any{"name": f.Name, "link": f.Link, "originalName": f.OriginalName, "size": f.Size, "domain": "", "attachId": ""})
			return
		}
	})
}

func uploadReadError(w http.ResponseWriter, err error) {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		writeBlade(w, http.StatusRequestEntityTooLarge, "上传文件过大")
		return
	}
	writeBlade(w, http.StatusBadRequest, "上传文件读取失败")
}

func previewFile(c resourcev1.ResourceServiceClient) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeBlade(w, http.StatusMethodNotAllowed, "请求方法不支持: "+r.Method)
			return
		}
		if !signedIn(w, r) {
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/api/upload/preview/")
		f, err := c.PreviewFile(OutgoingContext(r), &resourcev1.FileName{FileName: name}, grpc.MaxCallRecvMsgSize(64<<20))
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		h := w.Header()
		h.Set("Content-Type", f.ContentType)
		h.Set("Content-Length", strconv.Itoa(len(f.Content)))
		h.Set("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": f.OriginalName}))
		h.Set("X-Content-Type-Options", "nosniff")
		// A tenant's file behind a token: private caches only.
		h.Set("Cache-Control", "private, max-age=3600")
		if r.Method == http.MethodHead {
			return
		}
		_, _ = w.Write(f.Content)
	})
}

func removeFile(c resourcev1.ResourceServiceClient) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			writeBlade(w, http.StatusMethodNotAllowed, "请求方法不支持: "+r.Method)
			return
		}
		if !signedIn(w, r) {
			return
		}
		name := r.URL.Query().Get("fileName")
		if name == "" {
			if err := r.ParseForm(); err != nil {
				writeBlade(w, http.StatusBadRequest, "请求参数错误,请检查表单内容")
				return
			}
			name = r.PostForm.Get("fileName")
		}
		if _, err := c.RemoveFile(OutgoingContext(r), &resourcev1.FileName{FileName: name}); err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		writeData(w, true)
	})
}
