// Not part of the module: a C lab (issue 54). gcc -O3 -march=icelake-server -o addt-lab addt-lab.c && ./addt-lab 4096
// Add-T lab: out = a + b^T, float32 NxN, one core, AVX-512: staged (a band's transpose into an
// L2 scratch, then a row-major add) against fused (16x16 register tiles of b transposed and
// added to a's rows while in registers), next to the plain add out = a + b. Medians of 7.
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static int cmp(const void*a,const void*b){double x=*(double*)a,y=*(double*)b;return x<y?-1:x>y;}
// loads the 16x16 tile at s (row stride ls) and leaves its transpose in r[0..15] (r[k] = column k).
static inline void tr16(const float*s,long ls,__m512 r[16]){
  __m512 t[16];
  for(int i=0;i<16;i++) r[i]=_mm512_loadu_ps(s+i*ls);
  for(int i=0;i<16;i+=2){t[i]=_mm512_unpacklo_ps(r[i],r[i+1]);t[i+1]=_mm512_unpackhi_ps(r[i],r[i+1]);}
  for(int i=0;i<16;i+=4){
    r[i]  =_mm512_shuffle_ps(t[i],t[i+2],0x44); r[i+1]=_mm512_shuffle_ps(t[i],t[i+2],0xEE);
    r[i+2]=_mm512_shuffle_ps(t[i+1],t[i+3],0x44); r[i+3]=_mm512_shuffle_ps(t[i+1],t[i+3],0xEE);}
  for(int i=0;i<4;i++){
    t[i]   =_mm512_shuffle_f32x4(r[i],r[i+4],0x88); t[i+4]=_mm512_shuffle_f32x4(r[i],r[i+4],0xDD);
    t[i+8] =_mm512_shuffle_f32x4(r[i+8],r[i+12],0x88); t[i+12]=_mm512_shuffle_f32x4(r[i+8],r[i+12],0xDD);}
  for(int i=0;i<8;i++){
    r[i]  =_mm512_shuffle_f32x4(t[i],t[i+8],0x88); r[i+8]=_mm512_shuffle_f32x4(t[i],t[i+8],0xDD);}
}
static int perm[16]; // r[perm[k]] holds column k
static void add(const float*a,const float*b,float*o,long n){
  for(long i=0;i<n*n;i+=16) _mm512_stream_ps(o+i,_mm512_add_ps(_mm512_load_ps(a+i),_mm512_load_ps(b+i)));
  _mm_sfence();
}
static float*scr;
static void staged(const float*a,const float*b,float*o,long n,int R){
  for(long i=0;i<n;i+=R){
    // scr[r][j] = b[j][i+r], r < R
    for(long j=0;j<n;j+=16) for(long ii=0;ii<R;ii+=16){ __m512 r[16]; tr16(b+j*n+i+ii,n,r);
      for(int k=0;k<16;k++) _mm512_storeu_ps(scr+(ii+k)*n+j,r[perm[k]]); }
    for(long r=0;r<R;r++){ const float*ar=a+(i+r)*n,*sr=scr+r*n; float*orow=o+(i+r)*n;
      for(long j=0;j<n;j+=16) _mm512_stream_ps(orow+j,_mm512_add_ps(_mm512_load_ps(ar+j),_mm512_loadu_ps(sr+j))); }
  }
  _mm_sfence();
}
// staged_pf: staged, and while a band is added, the lines of b the next band transposes are
// prefetched: each band's n*R/16 lines over its R*n/16 vectors, in bursts of B lines every B
// vectors (B = 1: one a vector); hint 0 is T0, 2 is T2.
static void staged_pf(const float*a,const float*b,float*o,long n,int R,int hint,int B){
  long per=R/16; // lines of each b row a band reads
  for(long i=0;i<n;i+=R){
    for(long j=0;j<n;j+=16) for(long ii=0;ii<R;ii+=16){ __m512 r[16]; tr16(b+j*n+i+ii,n,r);
      for(int k=0;k<16;k++) _mm512_storeu_ps(scr+(ii+k)*n+j,r[perm[k]]); }
    int last=i+R>=n; long q=0;
    for(long r=0;r<R;r++){ const float*ar=a+(i+r)*n,*sr=scr+r*n; float*orow=o+(i+r)*n;
      for(long j=0;j<n;j+=16){
        if(!last&&(j/16)%B==0) for(int k=0;k<B;k++,q++){ const char*p=(const char*)(b+(q/per)*n+i+R+(q%per)*16);
          if(hint==0) _mm_prefetch(p,_MM_HINT_T0); else _mm_prefetch(p,_MM_HINT_T2); }
        _mm512_stream_ps(orow+j,_mm512_add_ps(_mm512_load_ps(ar+j),_mm512_loadu_ps(sr+j))); } }
  }
  _mm_sfence();
}
// fused: dst rows i..i+R, swept over j in tiles of 16; for each 16x16 tile of dst (ii, j): b's
// rows j..j+16 at cols ii..ii+16 transposed, plus a's, stored.
static void fused(const float*a,const float*b,float*o,long n,int R,int J,int nt){
  for(long i=0;i<n;i+=R) for(long jb=0;jb<n;jb+=J) for(long ii=i;ii<i+R;ii+=16) for(long j=jb;j<jb+J;j+=16){
    __m512 r[16]; tr16(b+j*n+ii,n,r);
    for(int k=0;k<16;k++){ long off=(ii+k)*n+j; __m512 v=_mm512_add_ps(_mm512_load_ps(a+off),r[perm[k]]);
      if(nt) _mm512_stream_ps(o+off,v); else _mm512_store_ps(o+off,v); }
  }
  _mm_sfence();
}
int main(int argc,char**argv){
  long n=argc>1?atol(argv[1]):4096; int reps=7;
  float*a=aligned_alloc(64,n*n*4),*b=aligned_alloc(64,n*n*4),*o=aligned_alloc(64,n*n*4);
  scr=aligned_alloc(64,(long)512*n*4);
  for(long i=0;i<n*n;i++){a[i]=(float)(i%1000); b[i]=(float)(i%777);} memset(o,0,n*n*4);
  { float s[256]; for(int i=0;i<256;i++) s[i]=i; __m512 r[16]; tr16(s,16,r); float c[16];
    for(int k=0;k<16;k++){ _mm512_storeu_ps(c,r[k]); perm[(int)c[0]]=k; } } // r[k] starts with column c[0]
  double bytes=3.0*n*n*4, t[16];
#define BENCH(name, stmt) { for(int q=0;q<reps;q++){double t0=now(); stmt; t[q]=now()-t0;} qsort(t,reps,sizeof(double),cmp); printf("%-26s %7.2f ms %6.2f GB/s  %.3f x add\n",name,t[reps/2]*1e3,bytes/t[reps/2]/1e9,tadd/t[reps/2]); }
#define CHECK(name) { long bad=0; for(long i=0;i<n;i+=37) for(long j=0;j<n;j+=41) if(o[i*n+j]!=a[i*n+j]+b[j*n+i]) bad++; if(bad) printf("%s: %ld bad\n",name,bad); memset(o,0,n*n*4);}
  double tadd=1; BENCH("add (reference)", add(a,b,o,n)); tadd=t[reps/2];
  int Rs[]={16,32,64,128,256};
  for(int k=0;k<5;k++){ char nm[64]; sprintf(nm,"staged R=%d",Rs[k]); BENCH(nm, staged(a,b,o,n,Rs[k])); CHECK(nm); }
  for(int k=0;k<4;k++) for(int h=0;h<3;h+=2){ char nm[64]; sprintf(nm,"staged+pf R=%d T%d",Rs[k+1],h); BENCH(nm, staged_pf(a,b,o,n,Rs[k+1],h,1)); CHECK(nm); }
  int Bs[]={4,16,64,256};
  for(int k=0;k<4;k++){ char nm[64]; sprintf(nm,"staged+pf R=128 T2 B=%d",Bs[k]); BENCH(nm, staged_pf(a,b,o,n,128,2,Bs[k])); CHECK(nm); }
  if(argc>2) return 0;
  int FR[]={128,256,256,512,512,256}, FJ[]={256,64,256,64,256,1024};
  for(int k=0;k<6;k++){ char nm[64];
    sprintf(nm,"fused R=%d J=%ld nt",FR[k],(long)FJ[k]); BENCH(nm, fused(a,b,o,n,FR[k],FJ[k],1)); CHECK(nm);
    sprintf(nm,"fused R=%d J=%ld st",FR[k],(long)FJ[k]); BENCH(nm, fused(a,b,o,n,FR[k],FJ[k],0)); CHECK(nm); }
  return 0;
}
