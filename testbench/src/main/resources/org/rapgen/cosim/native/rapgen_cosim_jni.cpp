// The one fixed JNI library for org.rapgen.cosim.NativeSim. It knows nothing about any
// particular model: it dlopen()s a model .so, asks it for its rapgen_model_api table and
// forwards every call through that table. Keeping JNI symbols here (and only here) is
// what lets several models load into one JVM without clashing.
#include <jni.h>
#include <dlfcn.h>
#include <cstring>
#include <string>
#include <vector>
#include "rapgen_model_api.h"

namespace {
struct Handle {
    const rapgen_model_api* api;
    void* m;
    const char* const* error;  // the instance's error slot: checking it is one load, not a call
};
inline Handle* H(jlong h) { return reinterpret_cast<Handle*>(h); }
inline const rapgen_model_api* A(jlong a) { return reinterpret_cast<const rapgen_model_api*>(a); }

void throwNew(JNIEnv* env, const char* cls, const std::string& msg) {
    jclass c = env->FindClass(cls);
    if (c) env->ThrowNew(c, msg.c_str());
}

// After any call that may evaluate the model: turn a stopped simulation into a Java exception.
inline void check(JNIEnv* env, Handle* h) {
    if (*h->error) throwNew(env, "org/rapgen/cosim/SimulationStopped", *h->error);
}
}  // namespace

extern "C" {

JNIEXPORT jlong JNICALL Java_org_rapgen_cosim_NativeSim_loadModel(JNIEnv* env, jclass, jstring path) {
    const char* p = env->GetStringUTFChars(path, nullptr);
    // RTLD_LOCAL: this model's symbols never become visible to the next model loaded.
    void* lib = dlopen(p, RTLD_NOW | RTLD_LOCAL);
    std::string ps(p);
    env->ReleaseStringUTFChars(path, p);
    if (!lib) {
        const char* e = dlerror();
        throwNew(env, "java/lang/UnsatisfiedLinkError", std::string("dlopen ") + ps + ": " + (e ? e : "?"));
        return 0;
    }
    auto fn = reinterpret_cast<rapgen_model_api_fn>(dlsym(lib, "rapgen_model_api_v1"));
    if (!fn) {
        throwNew(env, "java/lang/UnsatisfiedLinkError", "no rapgen_model_api_v1 in " + ps);
        return 0;
    }
    const rapgen_model_api* api = fn();
    if (api->abi != RAPGEN_MODEL_ABI) {
        throwNew(env, "java/lang/UnsatisfiedLinkError", "ABI mismatch in " + ps);
        return 0;
    }
    return reinterpret_cast<jlong>(api);
}

JNIEXPORT jint JNICALL Java_org_rapgen_cosim_NativeSim_portCount(JNIEnv*, jclass, jlong a) { return A(a)->nports; }
JNIEXPORT jstring JNICALL Java_org_rapgen_cosim_NativeSim_portName(JNIEnv* env, jclass, jlong a, jint i) {
    return env->NewStringUTF(A(a)->ports[i].name);
}
JNIEXPORT jint JNICALL Java_org_rapgen_cosim_NativeSim_portWidth(JNIEnv*, jclass, jlong a, jint i) { return A(a)->ports[i].width; }
JNIEXPORT jint JNICALL Java_org_rapgen_cosim_NativeSim_portDir(JNIEnv*, jclass, jlong a, jint i) { return A(a)->ports[i].dir; }
JNIEXPORT jboolean JNICALL Java_org_rapgen_cosim_NativeSim_traceCapable(JNIEnv*, jclass, jlong a) {
    return A(a)->trace_capable ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jlong JNICALL Java_org_rapgen_cosim_NativeSim_create(JNIEnv* env, jclass, jlong a, jstring fst) {
    std::string path;
    if (fst) {
        const char* p = env->GetStringUTFChars(fst, nullptr);
        path = p;
        env->ReleaseStringUTFChars(fst, p);
    }
    void* m = A(a)->create(fst ? path.c_str() : nullptr);
    return reinterpret_cast<jlong>(new Handle{A(a), m, A(a)->error_slot(m)});
}

JNIEXPORT void JNICALL Java_org_rapgen_cosim_NativeSim_destroy(JNIEnv*, jclass, jlong h) {
    H(h)->api->destroy(H(h)->m);
    delete H(h);
}

JNIEXPORT void JNICALL Java_org_rapgen_cosim_NativeSim_poke(JNIEnv*, jclass, jlong h, jint id, jlong v) {
    H(h)->api->poke64(H(h)->m, id, static_cast<uint64_t>(v));
}
JNIEXPORT jlong JNICALL Java_org_rapgen_cosim_NativeSim_peek(JNIEnv* env, jclass, jlong h, jint id) {
    jlong v = static_cast<jlong>(H(h)->api->peek64(H(h)->m, id));
    check(env, H(h));
    return v;
}
JNIEXPORT void JNICALL Java_org_rapgen_cosim_NativeSim_pokeWords(JNIEnv* env, jclass, jlong h, jint id, jlongArray w) {
    jsize n = env->GetArrayLength(w);
    std::vector<uint64_t> buf(n);
    env->GetLongArrayRegion(w, 0, n, reinterpret_cast<jlong*>(buf.data()));
    H(h)->api->poke_words(H(h)->m, id, buf.data());
}
JNIEXPORT void JNICALL Java_org_rapgen_cosim_NativeSim_peekWords(JNIEnv* env, jclass, jlong h, jint id, jlongArray w) {
    jsize n = env->GetArrayLength(w);
    std::vector<uint64_t> buf(n);
    H(h)->api->peek_words(H(h)->m, id, buf.data());
    env->SetLongArrayRegion(w, 0, n, reinterpret_cast<jlong*>(buf.data()));
    check(env, H(h));
}
JNIEXPORT void JNICALL Java_org_rapgen_cosim_NativeSim_step(JNIEnv* env, jclass, jlong h, jlong n) {
    H(h)->api->step(H(h)->m, n);
    check(env, H(h));
}
JNIEXPORT jboolean JNICALL Java_org_rapgen_cosim_NativeSim_finished(JNIEnv*, jclass, jlong h) {
    return H(h)->api->finished(H(h)->m) ? JNI_TRUE : JNI_FALSE;
}
JNIEXPORT jlong JNICALL Java_org_rapgen_cosim_NativeSim_cycle(JNIEnv*, jclass, jlong h) {
    return H(h)->api->cycle(H(h)->m);
}

// Array sizes were validated in Java (Sim.runBatch); the critical sections pin the arrays
// so the clock loop reads and writes Java memory directly, with no copies.
JNIEXPORT void JNICALL Java_org_rapgen_cosim_NativeSim_runBatch(JNIEnv* env, jclass, jlong h, jlong cycles,
        jintArray inIds, jlongArray in, jintArray outIds, jlongArray out) {
    jsize nin = env->GetArrayLength(inIds), nout = env->GetArrayLength(outIds);
    std::vector<int32_t> ii(nin), oo(nout);
    env->GetIntArrayRegion(inIds, 0, nin, ii.data());
    env->GetIntArrayRegion(outIds, 0, nout, oo.data());
    void* pin = env->GetPrimitiveArrayCritical(in, nullptr);
    void* pout = env->GetPrimitiveArrayCritical(out, nullptr);
    H(h)->api->run_batch(H(h)->m, cycles, nin, ii.data(), static_cast<const uint64_t*>(pin), nout, oo.data(),
                         static_cast<uint64_t*>(pout));
    env->ReleasePrimitiveArrayCritical(out, pout, 0);
    env->ReleasePrimitiveArrayCritical(in, pin, JNI_ABORT);
    check(env, H(h));  // only after leaving the critical regions: JNI calls are not allowed inside
}
}
